import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap } from "./helpers";

// Issue 48, point 2, in the browser: an admin adds a chat widget for a site;
// a page served from that other origin carries the one script tag; the
// visitor writes, an agent answers from the inbox, and the answer appears on
// the visitor's page live. Keyboard only on the visitor's side.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

/** A customer's website: another origin, one page with the widget's tag on it. */
async function customerSite(snippet: () => string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((_, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>Our shop</h1><p>Welcome.</p>${snippet()}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test("a visitor of another site chats through the widget; the agent answers from the inbox and the answer appears live", async ({ page, context }) => {
  let snippet = "";
  const site = await customerSite(() => snippet);
  try {
    await signIn(page, "admin@globex.example.com");
    await page.goto("/settings?tab=integrations");
    const form = page.getByRole("form", { name: "Add a chat widget" });
    await form.getByLabel("Name").fill("Shop");
    await form.getByLabel("Sites allowed to show it (one per line)").fill("ftp://nope");
    await form.getByRole("button", { name: "Add the widget" }).click();
    await expect(form.getByText("An allowed site is its address: https://www.example.com (http only for localhost).")).toBeVisible();
    await form.getByLabel("Sites allowed to show it (one per line)").fill(site.origin);
    await form.getByLabel("Greeting (optional)").fill("Hi! How can we help?");
    await form.getByRole("button", { name: "Add the widget" }).click();
    const tag = page.getByLabel("Put this on each page of those sites");
    await expect(tag).toHaveValue(/data-inbox="[0-9a-f]{24}"/);
    snippet = await tag.inputValue();
    await snap(page, "settings-chat-widget");

    // The visitor, on the customer's site: keyboard only.
    const visitor = await context.newPage();
    await visitor.goto(site.origin);
    const open = visitor.getByRole("button", { name: "Chat with us" });
    await open.focus();
    await visitor.keyboard.press("Enter");
    const chat = visitor.getByRole("dialog", { name: "Chat" });
    await expect(chat.getByRole("log", { name: "Messages" })).toContainText("Hi! How can we help?");
    await expect(chat.getByRole("textbox", { name: "Message" })).toBeFocused();
    await visitor.keyboard.type("Do you ship to Canada?");
    await visitor.keyboard.press("Enter");
    await expect(chat.getByRole("listitem").filter({ hasText: "Do you ship to Canada?" })).toBeVisible();

    // The agent's side: the web conversation in the same inbox, answered.
    await page.goto("/messages");
    const row = page.getByTestId("conversation").filter({ hasText: "Do you ship to Canada?" });
    await expect(row).toContainText(/Website visitor #\d+/);
    await expect(row.getByText("Web chat", { exact: true })).toBeVisible();
    await row.click();
    const thread = page.getByRole("region", { name: "Conversation", exact: true });
    await expect(thread.getByTestId("channel")).toHaveText("Web chat");
    await thread.getByLabel("Reply").fill("We do: 3-5 days.");
    await thread.getByRole("button", { name: "Send" }).click();

    // Live on the visitor's page, with no reload.
    await expect(chat.getByRole("listitem").filter({ hasText: "We do: 3-5 days." })).toBeVisible({ timeout: 5_000 });
    await snap(visitor, "widget-answered");

    // An email to be answered later, then Escape closes the chat and gives the focus back.
    await chat.getByRole("button", { name: "Leave your email for an answer later" }).click();
    await chat.getByRole("textbox", { name: "Email" }).fill("ann@example.com");
    await chat.getByRole("button", { name: "Save" }).click();
    await expect(chat.getByRole("status")).toHaveText("Thank you: we will answer by email if we miss you here.");
    await visitor.keyboard.press("Escape");
    await expect(chat).toBeHidden();
    await expect(open).toBeFocused();
    await expect(thread.getByTestId("message").filter({ hasText: "Left an email to be answered later: ann@example.com" })).toBeVisible({ timeout: 5_000 });
  } finally {
    await site.close();
  }
});
