import { mountRemoteHarness } from '@dash/shared/dev-harness';
import WalletArea from './app/WalletArea';

mountRemoteHarness('remote-wallet', [{ label: 'Wallet', path: 'org/:org/wallet/*', Component: WalletArea }]);
