/* Generated from data/releases.schema.json by `npm run data-types`: edit the schema, not this file. */

export type Text = string;
export type Version = string;
export type Date = string;
export type Digest = string;
export type Tag = 'New' | 'Changed' | 'Deprecated' | 'Breaking' | 'Model';

/**
 * Schema for data/releases.yaml: dated, tagged release notes of the Web SDKs and the on-premise images, and the Web SDK support policy with the support window of each minor version.
 */
export interface Releases {
  products: {
    id: 'web-sdk' | 'onprem';
    name: Text;
    packages: Text[];
    releases: Release[];
    /**
     * How the product's artefacts are signed: the on-premise images and chart, with cosign, verified against `public_key`.
     */
    signing?: {
      tool: 'cosign';
      public_key: string;
    };
    support?: Support;
  }[];
}
export interface Release {
  version: Version;
  date: Date;
  web_sdk?: Version;
  models?: string[];
  /**
   * On-premise releases: the digest of each image of the release, by image name (the container names of data/onprem/services.yaml).
   */
  images?: {
    [k: string]: Digest | undefined;
  };
  /**
   * On-premise releases: the digest of the Helm chart of the release.
   */
  chart?: string;
  changes: {
    tag: Tag;
    text: Text;
  }[];
}
export interface Support {
  reviewed: Date;
  support_months: number;
  notice_months: number;
  browser_notice_days: number;
  policy: {
    rule: Text;
    policy: Text;
  }[];
  versions: {
    line: string;
    latest: Version;
    released: Date;
    end_of_support: Date;
    status: 'current' | 'supported' | 'deprecated' | 'ended';
  }[];
}
