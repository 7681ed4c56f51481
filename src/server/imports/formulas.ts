/** A cell a spreadsheet would run as a formula: refused rather than stored or run later. */
export const formulaText = (row: number, column: number) =>
  `Row ${row}, column ${column} holds a formula; save the sheet with values only (or remove the leading "=").`;

export const isFormula = (cell: string): boolean => cell.startsWith('=');
