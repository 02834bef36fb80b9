/* Generated from data/onprem/hosts.schema.json by `npm run data-types`: edit the schema, not this file. */

/**
 * Schema for data/onprem/hosts.yaml: what a host needs to run the on-premise containers of the current release, one row per component, GPU prerequisites included (driver, container toolkit, Kubernetes device plugin, CPU architecture). The compatibility matrix renders it with ::data-table; tests/unit/onprem-gpu-hosts.test.ts checks that the GPU rows name versions and that no page retypes them.
 */
export interface OnpremHosts {
  /**
   * One row per component, in the order the compatibility matrix shows them.
   */
  hosts: {
    /**
     * What the row is about.
     */
    component: string;
    /**
     * What is supported, as Markdown.
     */
    supported: string;
  }[];
}
