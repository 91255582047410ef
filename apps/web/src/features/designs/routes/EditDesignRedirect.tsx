import { Navigate, useParams } from 'react-router';
import { paths } from '@/lib/paths.ts';

/** `/edit/{designId}`, another reading of the edit route: goes to `/edit-design/{designId}`. */
export default function EditDesignRedirect() {
  const { designId = '' } = useParams();
  return <Navigate to={paths.editDesign(designId)} replace />;
}
