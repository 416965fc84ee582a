"use client";

import { useState } from "react";
import { useApiToken } from "@/lib/client/swr/use-api";

/** Downloads an API file with the bearer token (a plain link could not send it). */
export function useDownload() {
  const token = useApiToken();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async (path: string, fallbackName: string) => {
    setPending(true);
    setError(null);
    try {
      const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(((await response.json().catch(() => null)) as { message?: string } | null)?.message ?? `Download failed (${response.status})`);
      const name = /filename="?([^";]+)"?/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
      saveBlob(await response.blob(), name);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  };
  return { download, pending, error };
}

export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
