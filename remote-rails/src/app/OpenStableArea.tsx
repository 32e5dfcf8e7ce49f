import { can, NotFoundView, paths, useCurrentOrganization } from '@dash/shared';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { PlannedPage } from '../components/PlannedPage';

function ProviderPage() {
  const { providerUid } = useParams();
  return <PlannedPage title="Open Stable">Onboarding status with provider {providerUid}.</PlannedPage>;
}

/** A Viewer cannot open onboarding and goes back to the open-stable root (spec section 6). */
function OnboardPage() {
  const organization = useCurrentOrganization();
  if (!can(organization.role, 'openStable.onboard')) {
    return <Navigate to={paths.org.openStable.root(organization.slug)} replace />;
  }
  return <PlannedPage title="Onboard">Start onboarding with a stablecoin provider.</PlannedPage>;
}

/** /org/{org}/open-stable, /open-stable/onboard and /open-stable/{providerUid} */
export default function OpenStableArea() {
  return (
    <Routes>
      <Route
        index
        element={
          <PlannedPage title="Open Stable">Onboard your organization with stablecoin providers.</PlannedPage>
        }
      />
      <Route path="onboard" element={<OnboardPage />} />
      <Route path=":providerUid" element={<ProviderPage />} />
      <Route path="*" element={<NotFoundView />} />
    </Routes>
  );
}
