import { createContext, useContext } from 'react';

/** The fetch for the product's own REST calls; tests provide one that never reaches a real server. */
const ApiFetchContext = createContext<typeof fetch>((...args) => fetch(...args));

export const ApiFetchProvider = ApiFetchContext.Provider;

export function useApiFetch(): typeof fetch {
  return useContext(ApiFetchContext);
}
