import { describe, expect, it } from 'vitest';
import { ZERO_ADDRESS, ZERO_ADDRESS_MESSAGE } from './counterparties';
import {
  INVALID_ETH_ADDRESS,
  isValidEthAddress,
  SIGNING_DEVICE_PROOF_REQUIRED,
  ZCreateSigningDeviceRequest,
  ZEthAddress,
  ZNewSigningDeviceForm,
} from './signing-devices';

// The EIP-55 reference vector, and the same address with the case of its last letter flipped.
const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';

describe('an Ethereum address', () => {
  it('accepts a checksummed, an all-lowercase and an all-uppercase address, given back checksummed', () => {
    for (const input of [CHECKSUMMED, CHECKSUMMED.toLowerCase(), `0x${CHECKSUMMED.slice(2).toUpperCase()}`]) {
      expect(ZEthAddress.parse(input)).toBe(CHECKSUMMED);
    }
    expect(ZEthAddress.parse(`  ${CHECKSUMMED.toLowerCase()} `)).toBe(CHECKSUMMED);
  });

  it('refuses a mixed-case address whose EIP-55 checksum does not match', () => {
    expect(isValidEthAddress(BAD_CHECKSUM)).toBe(false);
    expect(ZEthAddress.safeParse(BAD_CHECKSUM).error?.issues[0]?.message).toBe(INVALID_ETH_ADDRESS);
  });

  it.each([
    ['too short', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea'],
    ['too long', `${CHECKSUMMED.toLowerCase()}00`],
    ['no 0x', CHECKSUMMED.slice(2)],
    ['0X prefix', `0X${CHECKSUMMED.slice(2).toLowerCase()}`],
    ['not hex', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg'],
    ['empty', ''],
  ])('refuses an address that is %s with "Invalid Ethereum address"', (_case, input) => {
    expect(ZEthAddress.safeParse(input).error?.issues[0]?.message).toBe(INVALID_ETH_ADDRESS);
  });
});

describe('a new signing device', () => {
  it('needs a name of at least one character besides the address', () => {
    const result = ZNewSigningDeviceForm.safeParse({ name: '   ', ethAddress: 'nope' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Name is required'],
      ['ethAddress', INVALID_ETH_ADDRESS],
    ]);
  });

  it('is refused without the proof that its key signed a challenge', () => {
    const result = ZCreateSigningDeviceRequest.safeParse({ name: 'Ledger', ethAddress: CHECKSUMMED });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['proof', SIGNING_DEVICE_PROOF_REQUIRED],
    ]);
  });

  it('refuses the zero address, which no key signs for', () => {
    const result = ZNewSigningDeviceForm.safeParse({ name: 'Ledger', ethAddress: ` ${ZERO_ADDRESS} ` });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['ethAddress', ZERO_ADDRESS_MESSAGE],
    ]);
  });

  it('trims the name and checksums the address', () => {
    expect(ZNewSigningDeviceForm.parse({ name: ' Ledger ', ethAddress: CHECKSUMMED.toLowerCase() })).toEqual({
      name: 'Ledger',
      ethAddress: CHECKSUMMED,
    });
  });
});
