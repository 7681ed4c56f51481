/**
 * The clinic's address and phone as one line under its name, the same on every printed thing
 * (letter page and PDF, prescription label): "12 High Street, York · Phone 01904 000000".
 * A multi-line address reads as one line, its lines joined by commas; either part may be empty.
 */
export function clinicContactLine(address: string, phone: string): string {
  const oneLine = address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ');
  return [oneLine, phone.trim() && `Phone ${phone.trim()}`].filter(Boolean).join(' · ');
}
