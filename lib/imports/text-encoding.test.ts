import { describe, expect, it } from "vitest";
import { decodeChunks, detectEncoding, NotText, type ImportEncoding } from "./text-encoding";

async function* chunksOf(bytes: Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function text(bytes: Uint8Array, encoding: ImportEncoding): Promise<string> {
  let out = "";
  for await (const part of decodeChunks(chunksOf(bytes), encoding)) out += part;
  return out;
}

const csv = "name,phone\nChloé Müller,+33612345678\nJosé Núñez,+34612345678\n";
const windows1252 = Uint8Array.from([...csv].map((c) => c.charCodeAt(0))); // Latin-1 range: one byte each
const utf16le = new Uint8Array([0xff, 0xfe, ...Buffer.from(csv, "utf16le")]);
const utf16be = new Uint8Array([0xfe, 0xff, ...Buffer.from(csv, "utf16le").swap16()]);

describe("import file encodings", () => {
  it("detects UTF-8 with and without a BOM, Windows-1252 and UTF-16 with a BOM, across chunk edges", async () => {
    expect(await detectEncoding(chunksOf(Buffer.from(csv)))).toBe("utf-8");
    expect(await detectEncoding(chunksOf(Buffer.from(`\uFEFF${csv}`)))).toBe("utf-8");
    expect(await detectEncoding(chunksOf(windows1252))).toBe("windows-1252");
    expect(await detectEncoding(chunksOf(utf16le))).toBe("utf-16le");
    expect(await detectEncoding(chunksOf(utf16be))).toBe("utf-16be");
  });

  it("decodes each to the same text, without replacement characters", async () => {
    expect(await text(Buffer.from(`\uFEFF${csv}`), "utf-8")).toBe(csv);
    expect(await text(windows1252, "windows-1252")).toBe(csv);
    expect(await text(windows1252, "iso-8859-1")).toBe(csv);
    expect(await text(utf16le, "utf-16le")).toBe(csv);
    expect(await text(utf16be, "utf-16be")).toBe(csv);
    // Windows-1252's own characters in 0x80–0x9F: € and curly quotes.
    expect(await text(Uint8Array.from([0x80, 0x93, 0x94]), "windows-1252")).toBe("€“”");
  });

  it("refuses a binary file, and a file that is not the UTF-8 it was said to be", async () => {
    await expect(detectEncoding(chunksOf(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])))).rejects.toBeInstanceOf(NotText);
    await expect(text(windows1252, "utf-8")).rejects.toThrow("not valid UTF-8");
  });
});
