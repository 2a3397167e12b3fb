import { useEffect } from 'react';

/** The product name, shown in the header and in every document title. */
export const PRODUCT_NAME = 'Course Coach';

/** Sets the document title to "{title} · Course Coach" (or just the product name) while mounted. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
