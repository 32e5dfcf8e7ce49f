import { describe, expect, it } from 'vitest';
import { formatFileSize } from './uploads';

describe('formatFileSize', () => {
  it('uses B, KB, MB and GB with 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0.00 B');
    expect(formatFileSize(1023)).toBe('1023.00 B');
    expect(formatFileSize(1024)).toBe('1.00 KB');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5 * 1024 * 1024 + 512 * 1024)).toBe('5.50 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.00 GB');
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2048.00 GB');
  });

  it("writes the decimals the reader's way, without digit grouping", () => {
    expect(formatFileSize(1536, 'pt-BR')).toBe('1,50 KB');
    expect(formatFileSize(1536, 'es-MX')).toBe('1.50 KB');
    expect(formatFileSize(1023, 'pt-BR')).toBe('1023,00 B');
  });
});
