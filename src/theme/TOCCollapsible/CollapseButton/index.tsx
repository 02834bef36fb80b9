// Wraps the button of the table of contents that narrow screens show ("On this page") so that it
// says whether the list is open (`aria-expanded`): the theme's button told a screen reader its
// name only. The theme passes the button's other properties through.
import React, {type ReactNode} from 'react';
import CollapseButton from '@theme-original/TOCCollapsible/CollapseButton';
import type CollapseButtonType from '@theme/TOCCollapsible/CollapseButton';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof CollapseButtonType>;

export default function CollapseButtonWrapper(props: Props): ReactNode {
  return <CollapseButton {...props} aria-expanded={!props.collapsed} />;
}
