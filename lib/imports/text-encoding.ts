// The text encodings people's CSV files come in: UTF-8 (with or without a
// BOM), Excel's "CSV" on Windows (Windows-1252, which the WHATWG Encoding
// Standard also uses for every ISO-8859-1 label) and Excel's "Unicode text"
// (UTF-16 with a BOM). Decoding is the platform's TextDecoder (Node's ICU, the
// WHATWG Encoding Standard); detection is ours and deliberately small: a BOM
// decides; otherwise a file that is valid UTF-8 all the way through is UTF-8,
// and any other is Windows-1252. A file whose start is more than 10% NUL bytes
// (and has no UTF-16 BOM) is not text at all; a stray NUL in a cell only makes
// its row invalid, as before.

export const IMPORT_ENCODINGS = ["utf-8", "windows-1252", "iso-8859-1", "utf-16le", "utf-16be"] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

export const ENCODING_LABELS: Record<ImportEncoding, string> = {
  "utf-8": "UTF-8",
  "windows-1252": "Windows-1252 (Excel on Windows)",
  "iso-8859-1": "ISO-8859-1 (Latin-1)",
  "utf-16le": "UTF-16 LE (Excel Unicode text)",
  "utf-16be": "UTF-16 BE",
};

export class NotText extends Error {}

function bomEncoding(head: Uint8Array): ImportEncoding | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf-8";
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  return null;
}

function looksBinary(head: Uint8Array): boolean {
  let nuls = 0;
  for (const byte of head) if (byte === 0) nuls += 1;
  return nuls * 10 > head.length;
}

/**
 * Reads the whole file once (chunk by chunk, never whole in memory) and says
 * what it is encoded in. Throws NotText for a binary file.
 */
export async function detectEncoding(chunks: AsyncIterable<Uint8Array>): Promise<ImportEncoding> {
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  let first = true;
  let validUtf8 = true;
  for await (const chunk of chunks) {
    if (first) {
      first = false;
      const bom = bomEncoding(chunk);
      if (bom && bom !== "utf-8") return bom;
      if (looksBinary(chunk.subarray(0, 65_536))) throw new NotText("The file is not text (it is full of NUL bytes): upload a CSV file, or choose UTF-16 if it is Unicode text.");
    }
    if (validUtf8) {
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        validUtf8 = false;
      }
    }
  }
  if (validUtf8) {
    try {
      utf8.decode();
    } catch {
      validUtf8 = false; // ends inside a character
    }
  }
  return validUtf8 ? "utf-8" : "windows-1252";
}

/**
 * Decodes chunks in the encoding given. UTF-8 chosen by hand is decoded
 * strictly: a file that is not UTF-8 is refused with the reason, never read
 * with replacement characters.
 */
export async function* decodeChunks(chunks: AsyncIterable<Uint8Array>, encoding: ImportEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: encoding === "utf-8" });
  try {
    for await (const chunk of chunks) yield decoder.decode(chunk, { stream: true });
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    if (error instanceof TypeError) throw new NotText(`The file is not valid ${ENCODING_LABELS[encoding]}: choose its encoding in the import wizard.`);
    throw error;
  }
}
