import { mountRemoteHarness } from '@dash/shared/dev-harness';
import MessagesArea from './app/MessagesArea';

mountRemoteHarness('remote-messages', [
  { label: 'Message Center', path: 'org/:org/messages/*', Component: MessagesArea },
]);
