// Text people send us (a visitor's name, a text message, a contact's name from
// an import) may carry Unicode's bidirectional controls: a right-to-left
// override (U+202E) turns "gnp.exe" into what reads as "exe.png", and an
// override left open runs on past the text into what the page draws after
// it in the same line (the time, "Assigned to…"). Drawn through isolateBidi,
// such text is an isolate (FSI … PDI, as <bdi> would make it): every
// embedding, override or isolate it opens is closed at its end, and nothing
// it holds reaches the text around it (issue 59, point 9).

const OPENERS = new Set(["\u202A", "\u202B", "\u202D", "\u202E"]); // LRE RLE LRO RLO, closed by PDF
const ISOLATES = new Set(["\u2066", "\u2067", "\u2068"]); // LRI RLI FSI, closed by PDI
const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** The text as an isolate, its own open controls closed; text without controls as it is. */
export function isolateBidi(text: string): string {
  if (!CONTROLS.test(text)) return text;
  // What is still open, innermost last: a PDI also closes the embeddings opened inside its isolate.
  const open: ("embedding" | "isolate")[] = [];
  let kept = "";
  for (const char of text) {
    if (OPENERS.has(char)) open.push("embedding");
    else if (ISOLATES.has(char)) open.push("isolate");
    else if (char === "\u202C") {
      if (open.at(-1) === "embedding") open.pop();
    } else if (char === "\u2069") {
      const at = open.lastIndexOf("isolate");
      // A PDI with nothing of the text's own to close would close the isolate around it: dropped.
      if (at < 0) continue;
      open.length = at;
    }
    kept += char;
  }
  const closers = open
    .reverse()
    .map((kind) => (kind === "embedding" ? "\u202C" : "\u2069"))
    .join("");
  return `\u2068${kept}${closers}\u2069`;
}
