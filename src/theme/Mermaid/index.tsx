// Wraps the Mermaid diagram component so that its code (and the diagram library it
// pulls in) is a chunk loaded on demand, only by pages that have a diagram. If that
// chunk fails to load, the reader gets the error and a Retry button (@theme/Loading)
// instead of a silently missing diagram.
import React, {type ComponentType, type ReactNode} from 'react';
import Loadable from 'react-loadable';
import Loading from '@theme/Loading';
import type {Props} from '@theme/Mermaid';

const LazyMermaid = Loadable({
  loader: () => import('@theme-original/Mermaid'),
  loading: Loading,
}) as ComponentType<Props>;

export default function Mermaid(props: Props): ReactNode {
  return <LazyMermaid {...props} />;
}
