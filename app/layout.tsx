import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: "Contact Center",
  description: "Voice queues, softphone, campaigns and contacts",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
