import { DocumentsPage as OrganizationDocumentsPage } from '../features/documents/routes/DocumentsPage';
import { AreaProbe } from './AreaProbe';

/** /org/{org}/documents */
export default function DocumentsPage() {
  return (
    <>
      <AreaProbe />
      <OrganizationDocumentsPage />
    </>
  );
}
