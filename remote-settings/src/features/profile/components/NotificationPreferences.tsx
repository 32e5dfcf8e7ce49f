import { notifyError, notifySuccess, useT } from '@dash/shared';
import type { TNotificationKind } from '@dash/shared/api';
import { Alert, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useNotificationPreferencesQuery } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferencesMutation } from '../api/update-notification-preferences';

/**
 * One switch per kind of notification mail (issue 52), saved as soon as it is flipped. The choice
 * holds for every organization the user belongs to; mails come in the profile's language.
 */
export function NotificationPreferences() {
  const { t } = useT('settings');
  const preferences = useNotificationPreferencesQuery();
  const update = useUpdateNotificationPreferencesMutation();

  const toggle = (kind: TNotificationKind, mail: boolean) =>
    update.mutate(
      { preferences: [{ kind, mail }] },
      {
        onSuccess: () => notifySuccess(t('notifications.saved')),
        onError: (error) => notifyError(error),
      },
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby="notification-preferences-title">
      <Title order={2} size="h4" id="notification-preferences-title">
        {t('notifications.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('notifications.intro')}
      </Text>
      {preferences.isPending ? (
        <Loader size="sm" aria-label={t('notifications.title')} />
      ) : preferences.isError ? (
        <Alert color="red">{preferences.error.message}</Alert>
      ) : (
        preferences.data.map((preference) => (
          <Switch
            key={preference.kind}
            checked={preference.mail}
            disabled={update.isPending}
            label={t(`notifications.kinds.${preference.kind}.label`)}
            description={t(`notifications.kinds.${preference.kind}.description`)}
            onChange={(event) => toggle(preference.kind, event.currentTarget.checked)}
          />
        ))
      )}
    </Stack>
  );
}
