import { Center, Loader } from '@mantine/core';

/** Shown while the first route's session and organization checks run. */
export function AppLoading() {
  return (
    <Center mih="100vh" role="progressbar" aria-busy="true" aria-label="Loading the dashboard">
      <Loader />
    </Center>
  );
}
