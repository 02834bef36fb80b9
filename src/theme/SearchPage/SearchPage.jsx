// Ejected from @easyops-cn/docusaurus-search-local@0.55.3 (dist/client/client/theme/SearchPage/SearchPage.jsx).
// Why: the search page filters its results by what they are (an operation, an error code, a
// configuration key…), by deployment and by status (deprecated), with the filters in its address so
// a filtered search can be linked (`/search?q=port&kind=config-key&deployment=on-premise`); the plugin has no such
// option. Relative imports now point into the package; our changes are fenced with "VULTUS:" so
// an upgrade can be diffed against the upstream file.
import React, { useCallback, useEffect, useMemo, useState } from "react";
import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import Layout from "@theme/Layout";
import Head from "@docusaurus/Head";
import Link from "@docusaurus/Link";
import { translate } from "@docusaurus/Translate";
import { usePluralForm } from "@docusaurus/theme-common";
import clsx from "clsx";
import useSearchQuery from "@easyops-cn/docusaurus-search-local/dist/client/client/theme/hooks/useSearchQuery";
import { fetchIndexesByWorker, searchByWorker } from "@site/src/lib/search/client";
import { SearchDocumentType, } from "@easyops-cn/docusaurus-search-local/dist/client/shared/interfaces";
import { highlight } from "@easyops-cn/docusaurus-search-local/dist/client/client/utils/highlight";
import { highlightStemmed } from "@easyops-cn/docusaurus-search-local/dist/client/client/utils/highlightStemmed";
import { getStemmedPositions } from "@easyops-cn/docusaurus-search-local/dist/client/client/utils/getStemmedPositions";
import LoadingRing from "@easyops-cn/docusaurus-search-local/dist/client/client/theme/LoadingRing/LoadingRing";
import { concatDocumentPath } from "@easyops-cn/docusaurus-search-local/dist/client/client/utils/concatDocumentPath";
import { Mark, searchContextByPaths, useAllContextsWithNoSearchContext, } from "@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGenerated";
import styles from "@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchPage/SearchPage.module.css";
import { normalizeContextByPath } from "@easyops-cn/docusaurus-search-local/dist/client/client/utils/normalizeContextByPath";
// VULTUS: the facets (what a result is, which deployment) and their styles.
import { useHistory, useLocation } from "@docusaurus/router";
import { contentKinds, deployments, facetParams, filterOf, statuses } from "@site/src/lib/search/facets";
import vultusStyles from "./styles.module.css";
// VULTUS: end
export default function SearchPage() {
    return (<Layout>
      <SearchPageContent />
    </Layout>);
}
function SearchPageContent() {
    const { siteConfig: { baseUrl }, i18n: { currentLocale }, } = useDocusaurusContext();
    const { selectMessage } = usePluralForm();
    const { searchValue, searchContext, searchVersion, updateSearchPath, updateSearchContext, } = useSearchQuery();
    const [searchQuery, setSearchQuery] = useState(searchValue);
    const [searchResults, setSearchResults] = useState();
    // VULTUS: the filter of the facets, read from and written to the address.
    const history = useHistory();
    const location = useLocation();
    const filter = useMemo(() => filterOf(location.search), [location.search]);
    const setFacet = useCallback((param, value) => {
        const params = new URLSearchParams(location.search);
        if (value) {
            params.set(param, value);
        }
        else {
            params.delete(param);
        }
        history.replace({ search: params.toString() });
    }, [history, location.search]);
    // VULTUS: end
    const versionUrl = `${baseUrl}${searchVersion}`;
    const pageTitle = useMemo(() => searchQuery
        ? translate({
            id: "theme.SearchPage.existingResultsTitle",
            message: 'Search results for "{query}"',
            description: "The search page title for non-empty query",
        }, {
            query: searchQuery,
        })
        : translate({
            id: "theme.SearchPage.emptyResultsTitle",
            message: "Search the documentation",
            description: "The search page title for empty query",
        }), [searchQuery]);
    useEffect(() => {
        updateSearchPath(searchQuery);
        if (searchQuery) {
            (async () => {
                // VULTUS: the facets' filter.
                // VULTUS: a part of the index that fails to load twice (src/lib/search/client.ts) leaves
                // the page with no results rather than an unhandled error.
                const results = await searchByWorker(versionUrl, searchContext, searchQuery, 100, filter).catch(() => []);
                setSearchResults(results);
            })();
        }
        else {
            setSearchResults(undefined);
        }
        // `updateSearchPath` should not be in the deps,
        // otherwise will cause call stack overflow.
    }, [searchQuery, versionUrl, searchContext, filter]);
    const handleSearchInputChange = useCallback((e) => {
        setSearchQuery(e.target.value);
    }, []);
    useEffect(() => {
        if (searchValue && searchValue !== searchQuery) {
            setSearchQuery(searchValue);
        }
    }, [searchValue]);
    const [searchWorkerReady, setSearchWorkerReady] = useState(false);
    useEffect(() => {
        async function doFetchIndexes() {
            if (!Array.isArray(searchContextByPaths) ||
                searchContext ||
                useAllContextsWithNoSearchContext) {
                await fetchIndexesByWorker(versionUrl, searchContext);
            }
            setSearchWorkerReady(true);
        }
        doFetchIndexes();
    }, [searchContext, versionUrl]);
    return (<React.Fragment>
      <Head>
        {/*
         We should not index search pages
          See https://github.com/facebook/docusaurus/pull/3233
        */}
        <meta property="robots" content="noindex, follow"/>
        <title>{pageTitle}</title>
      </Head>

      <div className="container margin-vert--lg">
        <h1>{pageTitle}</h1>

        <div className="row">
          <div className={clsx("col", {
            [styles.searchQueryColumn]: Array.isArray(searchContextByPaths),
            "col--9": Array.isArray(searchContextByPaths),
            "col--12": !Array.isArray(searchContextByPaths),
        })}>
            <input type="search" name="q" className={styles.searchQueryInput} aria-label="Search" onChange={handleSearchInputChange} value={searchQuery} autoComplete="off" autoFocus/>
          </div>
          {Array.isArray(searchContextByPaths) ? (<div className={clsx("col", "col--3", "padding-left--none", styles.searchContextColumn)}>
              <select name="search-context" className={styles.searchContextInput} id="context-selector" value={searchContext} onChange={(e) => updateSearchContext(e.target.value)}>
                {useAllContextsWithNoSearchContext && (<option value="">
                    {translate({
                    id: "theme.SearchPage.searchContext.everywhere",
                    message: "Everywhere",
                })}
                  </option>)}
                {searchContextByPaths.map((context) => {
                const { label, path } = normalizeContextByPath(context, currentLocale);
                return (<option key={path} value={path}>
                      {label}
                    </option>);
            })}
              </select>
            </div>) : null}
        </div>

        {/* VULTUS: the facets. Radio buttons: Tab reaches a group, the arrow keys choose. */}
        <div className={vultusStyles.facets}>
          <Facet legend="Kind" param={facetParams.kind} options={contentKinds} value={filter.kind} onChange={setFacet}/>
          <Facet legend="Deployment" param={facetParams.deployment} options={deployments} value={filter.deployment} onChange={setFacet}/>
          <Facet legend="Status" param={facetParams.status} options={statuses} value={filter.status} onChange={setFacet}/>
        </div>
        {/* VULTUS: end */}

        {!searchWorkerReady && searchQuery && (<div>
            <LoadingRing />
          </div>)}

        {searchResults &&
            (searchResults.length > 0 ? (<p>
              {selectMessage(searchResults.length, translate({
                    id: "theme.SearchPage.documentsFound.plurals",
                    message: "1 document found|{count} documents found",
                    description: 'Pluralized label for "{count} documents found". Use as much plural forms (separated by "|") as your language support (see https://www.unicode.org/cldr/cldr-aux/charts/34/supplemental/language_plural_rules.html)',
                }, { count: searchResults.length }))}
            </p>) : process.env.NODE_ENV === "production" ? (<p>
              {translate({
                    id: "theme.SearchPage.noResultsText",
                    message: "No documents were found",
                    description: "The paragraph for empty search result",
                })}
              {/* VULTUS: a filtered search that finds nothing offers the search without its filters. */}
              {Object.keys(filter).length > 0 && (<>
                  {" "}with these filters.{" "}
                  <button type="button" className={vultusStyles.clear} onClick={() => {
                    const params = new URLSearchParams(location.search);
                    for (const param of Object.values(facetParams)) {
                        params.delete(param);
                    }
                    history.replace({ search: params.toString() });
                }}>
                    Search everything
                  </button>
                </>)}
              {/* VULTUS: end */}
            </p>) : (<p>
              ⚠️ The search index is only available when you run docusaurus
              build!
            </p>))}

        <section>
          {searchResults &&
            searchResults.map((item) => (<SearchResultItem key={item.document.i} searchResult={item}/>))}
        </section>
      </div>
    </React.Fragment>);
}
// VULTUS: one group of radio buttons of a facet, "All" first.
function Facet({ legend, param, options, value, onChange }) {
    const name = `facet-${param}`;
    return (<fieldset className={vultusStyles.facet}>
      <legend>{legend}</legend>
      {[{ id: "", label: "All" }, ...options].map((option) => (<label key={option.id || "all"} className={vultusStyles.option}>
          <input type="radio" name={name} value={option.id} checked={(value ?? "") === option.id} onChange={() => onChange(param, option.id)}/>
          {option.label}
        </label>))}
    </fieldset>);
}
const kindLabels = Object.fromEntries(contentKinds.map((kind) => [kind.id, kind.one]));
const statusLabels = Object.fromEntries(statuses.map((status) => [status.id, status.label]));
// VULTUS: end
function SearchResultItem({ searchResult: { document, type, page, tokens, metadata, contentKind, deprecated }, }) {
    const isTitle = type === SearchDocumentType.Title;
    const isKeywords = type === SearchDocumentType.Keywords;
    const isDescription = type === SearchDocumentType.Description;
    const isDescriptionOrKeywords = isDescription || isKeywords;
    const isTitleRelated = isTitle || isDescriptionOrKeywords;
    const isContent = type === SearchDocumentType.Content;
    const pathItems = (isTitle ? document.b : page.b).slice();
    const articleTitle = (isContent || isDescriptionOrKeywords ? document.s : document.t);
    if (!isTitleRelated) {
        pathItems.push(page.t);
    }
    let search = "";
    if (Mark && tokens.length > 0) {
        const params = new URLSearchParams();
        for (const token of tokens) {
            params.append("_highlight", token);
        }
        search = `?${params.toString()}`;
    }
    return (<article className={styles.searchResultItem}>
      <h2>
        <Link to={document.u + search + (document.h || "")} dangerouslySetInnerHTML={{
            __html: isContent || isDescriptionOrKeywords
                ? highlight(articleTitle, tokens)
                : highlightStemmed(articleTitle, getStemmedPositions(metadata, "t"), tokens, 100),
        }}></Link>
      </h2>
      {/* VULTUS: what the result is, before where it is. */}
      <p className={styles.searchResultItemPath}>
        <span className={vultusStyles.kind}>{kindLabels[contentKind]}</span>
        {deprecated && <> · <span className={vultusStyles.kind}>{statusLabels.deprecated}</span></>}
        {pathItems.length > 0 && ` · ${concatDocumentPath(pathItems)}`}
      </p>
      {/* VULTUS: end */}
      {(isContent || isDescription) && (<p className={styles.searchResultItemSummary} dangerouslySetInnerHTML={{
                __html: highlightStemmed(document.t, getStemmedPositions(metadata, "t"), tokens, 100),
            }}/>)}
    </article>);
}
