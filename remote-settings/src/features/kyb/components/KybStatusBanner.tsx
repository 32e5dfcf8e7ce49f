import { useT } from '@dash/shared';
import type { TKybApplication } from '@dash/shared/api';
import { Alert, Text } from '@mantine/core';

/** Where the application stands; the operator's reason or note, prominently, when there is one. */
export function KybStatusBanner({ application }: { application: TKybApplication }) {
  const { t } = useT('settings');
  switch (application.status) {
    case 'NotStarted':
    case 'Draft':
      return (
        <Alert color="blue" title={t('kyb.page.completeYourKybApplication')}>
          {t('kyb.page.fillInTheCompanyDetails')}
        </Alert>
      );
    case 'Submitted':
      return (
        <Alert color="yellow" title={t('kyb.page.waitingForReview')}>
          {t('kyb.page.theApplicationWasSubmittedAnd')}
        </Alert>
      );
    case 'ChangesRequested':
      return (
        <Alert color="orange" title={t('kyb.page.changesRequested')}>
          <Text fw={600}>{application.decisionNote}</Text>
          <Text size="sm" mt={4}>
            {t('kyb.page.fixWhatWasAskedSave')}
          </Text>
        </Alert>
      );
    case 'Rejected':
      return (
        <Alert color="red" title={t('kyb.page.rejected')}>
          <Text fw={600}>{application.decisionNote}</Text>
        </Alert>
      );
    case 'Approved':
      return (
        <Alert color="teal" title={t('kyb.page.approved')}>
          {t('kyb.page.yourOrganizationIsApprovedExplore')}
        </Alert>
      );
  }
}
