import { useT } from '@dash/shared';
import { Center, Loader } from '@mantine/core';

/** Shown while the first route's session and organization checks run. */
export function AppLoading() {
  const { t } = useT('shell');
  return (
    <Center mih="100vh" role="progressbar" aria-busy="true" aria-label={t('layout.loading')}>
      <Loader />
    </Center>
  );
}
