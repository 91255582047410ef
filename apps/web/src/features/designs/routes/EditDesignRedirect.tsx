import { Navigate, useParams } from 'react-router';

/** `/edit/{designId}`, another reading of the edit route: goes to `/edit-design/{designId}`. */
export default function EditDesignRedirect() {
  const { designId = '' } = useParams();
  return <Navigate to={`/edit-design/${encodeURIComponent(designId)}`} replace />;
}
