/**
 * A cell a spreadsheet would run as a formula (starting with =, +, -, @, tab
 * or carriage return) gets a leading apostrophe, so an exported contact named
 * `=HYPERLINK(...)` is shown as text, never executed (CSV injection).
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
