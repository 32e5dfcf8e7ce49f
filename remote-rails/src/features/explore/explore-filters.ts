import { NETWORKS, type TProvidersQuery, ZFiatCurrency, ZNetworkId } from '@dash/shared/api';

/** The /explore filters from the search params; an unknown value is ignored, not an error. */
export function readExploreFilters(search: URLSearchParams): TProvidersQuery {
  const currency = ZFiatCurrency.safeParse(search.get('currency'));
  const network = ZNetworkId.safeParse(search.get('network'));
  return {
    ...(currency.success ? { currency: currency.data } : {}),
    ...(network.success ? { network: network.data } : {}),
  };
}

/** The network filter's choices: each network by its display name; the value (and so the URL) is its id. */
export const EXPLORE_NETWORK_OPTIONS: { value: string; label: string }[] = NETWORKS.map((network) => ({
  value: network.id,
  label: network.name,
}));
