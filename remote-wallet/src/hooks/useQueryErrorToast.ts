import { notifyError } from '@dash/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Shows a failed load as a toast with its catalogue message, once per failure (a failing poll
 * while deploying too, where the page keeps showing the last answer).
 */
export function useQueryErrorToast(query: Pick<UseQueryResult, 'error' | 'errorUpdateCount'>): void {
  const { error, errorUpdateCount } = query;
  useEffect(() => {
    if (error && errorUpdateCount > 0) notifyError(error);
  }, [error, errorUpdateCount]);
}
