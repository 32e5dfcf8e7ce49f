/** 0x1234…abcd: enough to tell addresses apart in a list; the full address stays in a title. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
