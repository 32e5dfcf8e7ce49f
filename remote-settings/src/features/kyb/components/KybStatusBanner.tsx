import type { TKybApplication } from '@dash/shared';
import { Alert, Text } from '@mantine/core';

/** Where the application stands; the operator's reason or note, prominently, when there is one. */
export function KybStatusBanner({ application }: { application: TKybApplication }) {
  switch (application.status) {
    case 'NotStarted':
    case 'Draft':
      return (
        <Alert color="blue" title="Complete your KYB application">
          Fill in the company details and owners, upload the documents, then submit for review.
        </Alert>
      );
    case 'Submitted':
      return (
        <Alert color="yellow" title="Waiting for review">
          The application was submitted and can no longer be changed. We will e-mail your Admins once it is
          reviewed.
        </Alert>
      );
    case 'ChangesRequested':
      return (
        <Alert color="orange" title="Changes requested">
          <Text fw={600}>{application.decisionNote}</Text>
          <Text size="sm" mt={4}>
            Fix what was asked, save the draft and submit again.
          </Text>
        </Alert>
      );
    case 'Rejected':
      return (
        <Alert color="red" title="Rejected">
          <Text fw={600}>{application.decisionNote}</Text>
        </Alert>
      );
    case 'Approved':
      return (
        <Alert color="teal" title="Approved">
          Your organization is approved: explore providers and move money.
        </Alert>
      );
  }
}
