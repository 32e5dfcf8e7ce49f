import { type TProvidersQuery, ZFiatCurrency, ZNetworkId } from '@dash/shared/api';

/** The /explore filters from the search params; an unknown value is ignored, not an error. */
export function readExploreFilters(search: URLSearchParams): TProvidersQuery {
  const currency = ZFiatCurrency.safeParse(search.get('currency'));
  const network = ZNetworkId.safeParse(search.get('network'));
  return {
    ...(currency.success ? { currency: currency.data } : {}),
    ...(network.success ? { network: network.data } : {}),
  };
}
