// Replaces the search plugin's SearchBar entry so that it renders our ejected
// SearchBar.jsx (see that file's header for why); the wrapper itself is upstream's.
import React, {type ReactNode} from 'react';
import '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGenerated';
import {DocsPreferredVersionContextProvider} from '@docusaurus/plugin-content-docs/client';
import SearchBar from './SearchBar';

export type Props = {handleSearchBarToggle: ((expanded: boolean) => void) | undefined};

export default function SearchBarWrapper(props: Props): ReactNode {
  return (
    <DocsPreferredVersionContextProvider>
      <SearchBar {...props} />
    </DocsPreferredVersionContextProvider>
  );
}
