import { useEffect, useState } from 'react';

/**
 * A `blob:` address showing a chosen file before it is uploaded; released when the file changes
 * or the component goes away, so previews never pile up in memory.
 */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
