// Wraps the MDX component map to register, once, the components that the contract
// directives (plugins/vultus-contract) emit, so pages stay plain Markdown.
import MDXComponents from '@theme-original/MDXComponents';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import EndpointHeader from '@site/src/components/EndpointHeader';

export default {
  ...MDXComponents,
  Tabs,
  TabItem,
  EndpointHeader,
};
