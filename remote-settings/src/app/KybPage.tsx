import { KybPage as KybApplicationPage } from '../features/kyb/routes/KybPage';
import { AreaProbe } from './AreaProbe';
import '../i18n';

/** /org/{org}/kyb */
export default function KybPage() {
  return (
    <>
      <AreaProbe />
      <KybApplicationPage />
    </>
  );
}
