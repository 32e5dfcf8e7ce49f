import type { useFormat } from '@dash/shared';
import type { TCatalogueProvider } from '@dash/shared/api';

type TFee = TCatalogueProvider['fees'][number];

/**
 * A provider's limits per transfer in one currency, as money in the user's language: the values of
 * `offer.limitValue` ("R$10.00 to R$500,000.00 per transfer") and `ramp.limitWorth`.
 */
export function limitValues(f: ReturnType<typeof useFormat>, fee: TFee): { min: string; max: string } {
  return { min: f.money(fee.minAmount, fee.currency), max: f.money(fee.maxAmount, fee.currency) };
}
