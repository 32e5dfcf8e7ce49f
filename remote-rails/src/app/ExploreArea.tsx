import { NotFoundView } from '@dash/shared';
import { Route, Routes, useParams } from 'react-router-dom';
import { PlannedPage } from '../components/PlannedPage';

function ProviderPage() {
  const { providerUid } = useParams();
  return <PlannedPage title="Provider">Details of provider {providerUid}.</PlannedPage>;
}

/** /org/{org}/explore and /org/{org}/explore/{providerUid} */
export default function ExploreArea() {
  return (
    <Routes>
      <Route
        index
        element={
          <PlannedPage title="Explore">Payment providers your organization can work with.</PlannedPage>
        }
      />
      <Route path=":providerUid" element={<ProviderPage />} />
      <Route path="*" element={<NotFoundView />} />
    </Routes>
  );
}
