import { mountRemoteHarness } from '@dash/shared/dev-harness';
import DepositPage from './app/DepositPage';
import ExploreArea from './app/ExploreArea';
import OpenStableArea from './app/OpenStableArea';
import RailsArea from './app/RailsArea';

mountRemoteHarness('remote-rails', [
  { label: 'Rails', path: 'org/:org/rails/*', Component: RailsArea },
  { label: 'Deposit', path: 'org/:org/deposit', Component: DepositPage },
  { label: 'Explore', path: 'org/:org/explore/*', Component: ExploreArea },
  { label: 'Open Stable', path: 'org/:org/open-stable/*', Component: OpenStableArea },
]);
