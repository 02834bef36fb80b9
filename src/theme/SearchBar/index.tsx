// Ejected from @easyops-cn/docusaurus-search-local@0.55.3 (dist/client/client/theme/SearchBar/index.jsx):
// upstream's wrapper, unchanged but that it renders our ejected SearchBar.jsx (see its header for why).
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
