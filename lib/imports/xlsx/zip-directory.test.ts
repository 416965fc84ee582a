import { deflateRawSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expandEntry, ZipRefused, type ZipEntry } from "./zip-directory";

/** One deflated entry behind a bare local header, as expandEntry finds it in a workbook. */
function packed(text: string, declared = text.length): { zip: Buffer; entry: ZipEntry } {
  const data = deflateRawSync(Buffer.from(text));
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  return { zip: Buffer.concat([header, data]), entry: { name: "xl/worksheets/sheet1.xml", method: 8, packedBytes: data.length, unpackedBytes: declared, localHeaderOffset: 0 } };
}

// Whatever ends the reading early, the inflater's end must not be left as an unhandled rejection
// (a reader that threw made the server log one, seen in a test run's server lines).
describe("expandEntry stopped early", () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => void unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on("unhandledRejection", record);
  });
  afterEach(() => void process.off("unhandledRejection", record));
  /** Node reports unhandled rejections once the ticks after the stop have run: two turns of the loop. */
  const turns = async () => {
    for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  const big = "<row>".repeat(200_000);

  it("when the reader has read enough", async () => {
    const { zip, entry } = packed(big);
    let chunks = 0;
    await expandEntry(zip, entry, () => (chunks += 1) < 1 && undefined);
    await turns();
    expect(chunks).toBe(1);
    expect(unhandled).toEqual([]);
  });

  it("when the reader fails on a chunk (a row past the limit, bad XML)", async () => {
    const { zip, entry } = packed(big);
    await expect(
      expandEntry(zip, entry, () => {
        throw new ZipRefused("refused by the reader");
      }),
    ).rejects.toThrow("refused by the reader");
    await turns();
    expect(unhandled).toEqual([]);
  });

  it("when the entry unpacks to more than it declares", async () => {
    const { zip, entry } = packed(big, 1000);
    await expect(expandEntry(zip, entry, () => undefined)).rejects.toBeInstanceOf(ZipRefused);
    await turns();
    expect(unhandled).toEqual([]);
  });
});
