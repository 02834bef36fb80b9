import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/**
 * The one docs sidebar (the "tutorial sidebar" of the site spec), grouped by area
 * in the order of the page map. Pages marked (N) in the spec are deliberately
 * absent: they render without a sidebar and are reached from links.
 */
const sidebars: SidebarsConfig = {
  tutorialSidebar: [
    'intro',
    {
      type: 'category',
      label: 'General',
      collapsed: false,
      items: [
        'auth',
        'requests',
        'responses',
        'common-parameters',
        'decline-reasons',
        'compatibility-matrix',
        'revision-history',
        'ai-assistants',
      ],
    },
    {
      type: 'category',
      label: 'Enrollment',
      items: ['enrollment/face-enrollment'],
    },
    {
      type: 'category',
      label: 'Services',
      items: [
        'services/face-match',
        'services/face-search',
        'services/age-estimation',
        'services/interactive',
        'services/non-interactive',
        'services/3d-liveness-detection',
        'services/deepfake-liveness',
        'services/document-verification',
      ],
    },
    {
      type: 'category',
      label: 'Web SDKs',
      items: ['webSDK/web-sdk', 'webSDK/gui-web-sdk', 'webSDK/accessibility'],
    },
    {
      type: 'category',
      label: 'On-premise services',
      items: [
        'onprem-services/merged-solutions',
        'onprem-services/face-liveness',
        'onprem-services/face-match',
        'onprem-services/face-search',
        'onprem-services/age-estimation',
        'onprem-services/deepfake-detection',
      ],
    },
    {
      type: 'category',
      label: 'Metrics',
      items: [
        'metrics/face-recognition-1n-service',
        'metrics/face-to-document-similarity-service',
        'metrics/liveness-verification-system',
        'metrics/age-verification-service',
        'metrics/performance-metrics-bias-diversity',
      ],
    },
  ],
};

export default sidebars;
