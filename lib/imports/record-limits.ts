// What one CSV record may hold (README, import limits): read by the filter that
// cuts the text before parsing (csv-bounds-filter.ts) and by the rules that
// judge a record after it (record-bounds.ts).

export const MAX_COLUMNS = 200;
export const MAX_CELL_CHARS = 10_000;
export const MAX_COLUMN_NAME_CHARS = 200;
/** Every error text about an import (its failure reason) stays under this. */
export const MAX_REASON_CHARS = 1_000;
