/* Generated from data/releases.schema.json by `npm run data-types`: edit the schema, not this file. */

export type Text = string;
export type Version = string;
export type Date = string;
export type Tag = 'New' | 'Changed' | 'Deprecated' | 'Breaking' | 'Model';

/**
 * Schema for data/releases.yaml: dated, tagged release notes of the Web SDKs and the on-premise images, and the Web SDK support policy with the support window of each minor version.
 */
export interface Releases {
  /**
   * @minItems 1
   */
  products: [
    {
      id: 'web-sdk' | 'onprem';
      name: Text;
      /**
       * @minItems 1
       */
      packages: [Text, ...Text[]];
      /**
       * @minItems 1
       */
      releases: [Release, ...Release[]];
      support?: Support;
    },
    ...{
      id: 'web-sdk' | 'onprem';
      name: Text;
      /**
       * @minItems 1
       */
      packages: [Text, ...Text[]];
      /**
       * @minItems 1
       */
      releases: [Release, ...Release[]];
      support?: Support;
    }[],
  ];
}
export interface Release {
  version: Version;
  date: Date;
  web_sdk?: Version;
  /**
   * @minItems 1
   */
  models?: [string, ...string[]];
  /**
   * @minItems 1
   */
  changes: [
    {
      tag: Tag;
      text: Text;
    },
    ...{
      tag: Tag;
      text: Text;
    }[],
  ];
}
export interface Support {
  reviewed: Date;
  support_months: number;
  notice_months: number;
  browser_notice_days: number;
  /**
   * @minItems 1
   */
  policy: [
    {
      rule: Text;
      policy: Text;
    },
    ...{
      rule: Text;
      policy: Text;
    }[],
  ];
  /**
   * @minItems 1
   */
  versions: [
    {
      line: string;
      latest: Version;
      released: Date;
      end_of_support: Date;
      status: 'current' | 'supported' | 'deprecated' | 'ended';
    },
    ...{
      line: string;
      latest: Version;
      released: Date;
      end_of_support: Date;
      status: 'current' | 'supported' | 'deprecated' | 'ended';
    }[],
  ];
}
