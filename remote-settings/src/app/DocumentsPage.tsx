import { DocumentsPage as OrganizationDocumentsPage } from '../features/documents/routes/DocumentsPage';
import { AreaProbe } from './AreaProbe';
import '../i18n';

/** /org/{org}/documents */
export default function DocumentsPage() {
  return (
    <>
      <AreaProbe />
      <OrganizationDocumentsPage />
    </>
  );
}
