/** An option of a native select. */
export interface TOption {
  value: string;
  label: string;
}

/**
 * A native select's options and the value it shows. A value that is none of the options (nothing
 * chosen yet, a currency the provider does not offer, a beneficiary of the other currency, a wallet
 * on another network) shows as a disabled first option saying what to choose: React would
 * otherwise show the first option, one the form does not hold. That option stays once a value is
 * chosen where the field starts empty (`always`), so the options do not move under the arrow keys.
 */
export function choices(value: string, options: TOption[], placeholder: string, { always = true } = {}) {
  const known = options.some((option) => option.value === value);
  const choose = { value: '', label: placeholder, disabled: true };
  return {
    data: always || !known ? [choose, ...options] : options,
    value: known ? value : '',
  };
}
