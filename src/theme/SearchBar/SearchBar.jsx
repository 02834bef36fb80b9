// Ejected from @easyops-cn/docusaurus-search-local@0.55.3 (dist/client/client/theme/SearchBar/SearchBar.jsx).
// Why: the spec wants the search placeholder to read "Loading..." until the index is
// loaded, then "Search"; the plugin has no option for it and the state lives inside
// this component, so a wrapper cannot see it. Relative imports now point into the
// package; our changes are fenced with "VULTUS:" so an upgrade can be diffed against
// the upstream file.
import React, { useCallback, useEffect, useRef, useState, } from "react";
import clsx from "clsx";
import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import useIsBrowser from "@docusaurus/useIsBrowser";
import { useHistory, useLocation } from "@docusaurus/router";
import { translate } from "@docusaurus/Translate";
import { useActivePlugin, useActiveVersion, } from "@docusaurus/plugin-content-docs/client";
// VULTUS: the worker client and the result templates load with the index (./searchRuntime.js).
import { SearchDocumentType } from "@easyops-cn/docusaurus-search-local/dist/client/shared/interfaces";
import { searchBarShortcut, searchBarShortcutHint, searchBarShortcutKeymap, searchBarPosition, docsPluginIdForPreferredVersion, searchContextByPaths, hideSearchBarWithNoSearchContext, useAllContextsWithNoSearchContext, askAi, } from "@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGenerated";
import LoadingRing from "@easyops-cn/docusaurus-search-local/dist/client/client/theme/LoadingRing/LoadingRing";
import { normalizeContextByPath } from "@easyops-cn/docusaurus-search-local/dist/client/client/utils/normalizeContextByPath";
import { searchResultLimits } from "@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants";
import { parseKeymap, matchesKeymap, getKeymapHints } from "@easyops-cn/docusaurus-search-local/dist/client/client/utils/keymap";
import { isMacPlatform } from "@easyops-cn/docusaurus-search-local/dist/client/client/utils/platform";
import styles from "@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.module.css";
// VULTUS: our own styles (the visually hidden result count).
import vultusStyles from "./styles.module.css";
import { reloadOnce } from "@site/src/lib/search/reloadOnce";
// VULTUS: escapes an attribute value and a text of the result templates.
function escapeAttribute(value) {
    return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
function escapeText(value) {
    return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
// VULTUS: the type of the "See all results" option, after the results.
const SEE_ALL_RESULTS = "vultus-see-all";
// VULTUS: an option that searches for a query near one that found nothing.
const NEAREST_QUERY = "vultus-nearest";
async function fetchAutoCompleteJS() {
    const autoCompleteModule = await import("@easyops-cn/autocomplete.js");
    const autoComplete = autoCompleteModule.default;
    if (autoComplete.noConflict) {
        // For webpack v5 since docusaurus v2.0.0-alpha.75
        autoComplete.noConflict();
    }
    else if (autoCompleteModule.noConflict) {
        // For webpack v4 before docusaurus v2.0.0-alpha.74
        autoCompleteModule.noConflict();
    }
    return autoComplete;
}
async function fetchOpenAskAI() {
    try {
        // Dynamic import of open-ask-ai (optional peer dependency)
        // This creates a separate webpack chunk that is only loaded when:
        // 1. The askAi option is configured
        // 2. This function is called (when user interacts with search)
        // If open-ask-ai is not installed, the import will fail and be caught gracefully
        const openAskAIModule = await import("open-ask-ai");
        await import("open-ask-ai/styles.css");
        return {
            AskAIWidget: openAskAIModule.AskAIWidget,
        };
    }
    catch (error) {
        // open-ask-ai is optional, return null if not available
        return null;
    }
}
const SEARCH_PARAM_HIGHLIGHT = "_highlight";
// VULTUS: start — the page a result opens marks the words searched for, like the plugin's
// `highlightSearchTermsOnTargetPage`, but mark.js loads only on such a page instead of being part
// of every page's main bundle. The search box's clear button removes the marks.
const highlightOnTargetPage = true;
const loadMark = () => import("mark.js").then((module) => module.default);
// A search index that fails to load reloads the page once (src/lib/search/reloadOnce.ts).
// VULTUS: end
export default function SearchBar({ handleSearchBarToggle, }) {
    const isBrowser = useIsBrowser();
    const { siteConfig: { baseUrl }, i18n: { currentLocale }, } = useDocusaurusContext();
    // It returns undefined for non-docs pages
    const activePlugin = useActivePlugin();
    let versionUrl = baseUrl;
    const activeVersion = useActiveVersion(activePlugin?.pluginId ?? docsPluginIdForPreferredVersion);
    if (activeVersion && !activeVersion.isLast) {
        versionUrl = activeVersion.path + "/";
    }
    const history = useHistory();
    const location = useLocation();
    const searchBarRef = useRef(null);
    const indexStateMap = useRef(new Map());
    // Should the input be focused after the index is loaded?
    const focusAfterIndexLoaded = useRef(false);
    const [loading, setLoading] = useState(false);
    // VULTUS: start — the placeholder reads "Loading..." until the index is loaded (site spec, section 9).
    const [indexReady, setIndexReady] = useState(false);
    const [indexFailed, setIndexFailed] = useState(false);
    // The number of results, announced to screen readers after each search.
    const [resultStatus, setResultStatus] = useState("");
    // VULTUS: end
    const [inputChanged, setInputChanged] = useState(false);
    const [inputValue, setInputValue] = useState("");
    const search = useRef(null);
    const askAIWidgetRef = useRef(null);
    const [AskAIWidgetComponent, setAskAIWidgetComponent] = useState(null);
    const prevSearchContext = useRef("");
    const [searchContext, setSearchContext] = useState("");
    const prevVersionUrl = useRef(baseUrl);
    useEffect(() => {
        if (!Array.isArray(searchContextByPaths)) {
            if (prevVersionUrl.current !== versionUrl) {
                // Reset index state map once version url is changed.
                indexStateMap.current.delete("");
                prevVersionUrl.current = versionUrl;
            }
            return;
        }
        let nextSearchContext = "";
        if (location.pathname.startsWith(versionUrl)) {
            const uri = location.pathname.substring(versionUrl.length);
            let matchedPath;
            for (const _path of searchContextByPaths) {
                const path = typeof _path === "string" ? _path : _path.path;
                if (uri === path || uri.startsWith(`${path}/`)) {
                    matchedPath = path;
                    break;
                }
            }
            if (matchedPath) {
                nextSearchContext = matchedPath;
            }
        }
        if (prevSearchContext.current !== nextSearchContext) {
            // Reset index state map once search context is changed.
            indexStateMap.current.delete(nextSearchContext);
            prevSearchContext.current = nextSearchContext;
        }
        setSearchContext(nextSearchContext);
    }, [location.pathname, versionUrl]);
    const hidden = !!hideSearchBarWithNoSearchContext &&
        Array.isArray(searchContextByPaths) &&
        searchContext === "";
    const loadIndex = useCallback(async () => {
        if (hidden || indexStateMap.current.get(searchContext)) {
            // Do not load the index (again) if its already loaded or in the process of being loaded.
            return;
        }
        indexStateMap.current.set(searchContext, "loading");
        search.current?.autocomplete.destroy();
        setLoading(true);
        // VULTUS: start — a failed load (chunk or index) reloads once, then says so.
        let loaded;
        try {
            loaded = await Promise.all([
                fetchAutoCompleteJS(),
                askAi ? fetchOpenAskAI() : Promise.resolve(null),
                // VULTUS: was a static import and `fetchIndexesByWorker(versionUrl, searchContext)`.
                import("./searchRuntime").then(async (runtime) => {
                    await runtime.fetchIndexesByWorker(versionUrl, searchContext);
                    return runtime;
                }),
            ]);
        }
        catch {
            indexStateMap.current.delete(searchContext);
            setLoading(false);
            if (!reloadOnce()) {
                setIndexFailed(true);
            }
            return;
        }
        const [autoComplete, openAskAIModule, { searchByWorker, nearestQueries, SuggestionTemplate, EmptyTemplate },] = loaded;
        // VULTUS: end
        if (openAskAIModule) {
            setAskAIWidgetComponent(() => openAskAIModule.AskAIWidget);
        }
        // VULTUS: "See all results" is the last option of the list (not a footer link that the
        // arrow keys skip and Tab never reaches); this names the page it opens.
        const seeAllResults = ({ query, isEmpty, }) => {
            const params = new URLSearchParams();
            params.set("q", query);
            let linkText;
            if (searchContext) {
                const detailedSearchContext = searchContext && Array.isArray(searchContextByPaths)
                    ? searchContextByPaths.find((item) => typeof item === "string"
                        ? item === searchContext
                        : item.path === searchContext)
                    : searchContext;
                const translatedSearchContext = detailedSearchContext
                    ? normalizeContextByPath(detailedSearchContext, currentLocale).label
                    : searchContext;
                if (useAllContextsWithNoSearchContext && isEmpty) {
                    linkText = translate({
                        id: "theme.SearchBar.seeAllOutsideContext",
                        message: 'See all results outside "{context}"',
                    }, { context: translatedSearchContext });
                }
                else {
                    linkText = translate({
                        id: "theme.SearchBar.searchInContext",
                        message: 'See all results within "{context}"',
                    }, { context: translatedSearchContext });
                }
            }
            else {
                linkText = translate({
                    id: "theme.SearchBar.seeAll",
                    message: "See all results",
                });
            }
            if (searchContext &&
                Array.isArray(searchContextByPaths) &&
                (!useAllContextsWithNoSearchContext || !isEmpty)) {
                params.set("ctx", searchContext);
            }
            if (versionUrl !== baseUrl) {
                if (!versionUrl.startsWith(baseUrl)) {
                    throw new Error(`Version url '${versionUrl}' does not start with base url '${baseUrl}', this is a bug of \`@easyops-cn/docusaurus-search-local\`, please report it.`);
                }
                params.set("version", versionUrl.substring(baseUrl.length));
            }
            const url = `${baseUrl}search/?${params.toString()}`;
            return { url, linkText };
        };
        // VULTUS: the input takes focus back after the index loads only when it still has it: a
        // reader who tabbed past the box while the index was loading keeps their place.
        const inputHadFocus = document.activeElement === searchBarRef.current;
        // VULTUS: the query the shown nearest queries stand in for ("" when none are shown).
        let nearestFor = "";
        // VULTUS: the query typed last; a slower answer to an earlier one leaves the status alone.
        let latestInput = "";
        search.current = autoComplete(searchBarRef.current, {
            hint: false,
            autoselect: true,
            openOnFocus: true,
            cssClasses: {
                root: clsx(styles.searchBar, {
                    [styles.searchBarLeft]: searchBarPosition === "left",
                }),
                noPrefix: true,
                dropdownMenu: styles.dropdownMenu,
                input: styles.input,
                hint: styles.hint,
                suggestions: styles.suggestions,
                suggestion: styles.suggestion,
                cursor: styles.cursor,
                dataset: styles.dataset,
                empty: styles.empty,
            },
        }, [
            {
                source: async (input, callback) => {
                    latestInput = input;
                    // VULTUS: a part of the index that is gone reloads the page once
                    // (src/lib/search/reloadOnce.ts); another failure says so, and the next query
                    // tries again.
                    let result;
                    try {
                        result = await searchByWorker(versionUrl, searchContext, input, searchResultLimits);
                    }
                    catch {
                        if (input === latestInput) {
                            setIndexFailed(true);
                            setResultStatus("Search is unavailable: reload the page to try again");
                        }
                        callback([]);
                        return;
                    }
                    // VULTUS: a query that finds nothing says so and offers the nearest queries that
                    // find something, each an option that opens its results.
                    const nearest = result.length === 0 && input.trim() !== "" ? await nearestQueries(input) : [];
                    if (input !== latestInput) {
                        // autocomplete.js drops the answer to a query that is no longer typed.
                        callback([]);
                        return;
                    }
                    setIndexFailed(false);
                    nearestFor = nearest.length > 0 ? input : "";
                    // VULTUS: the result count is announced (role="status" below).
                    setResultStatus(input.trim() === ""
                        ? ""
                        : result.length === 0
                            ? `No results for "${input}"${nearest.length > 0 ? `. Nearest: ${nearest.join(", ")}` : ""}`
                            : `${result.length} ${result.length === 1 ? "result" : "results"}`);
                    // VULTUS: start
                    const afterResults = result.length === 0
                        ? nearest.map((query) => ({
                            document: { i: -1, t: "", u: seeAllResults({ query, isEmpty: false }).url },
                            type: NEAREST_QUERY,
                            page: undefined,
                            metadata: {},
                            tokens: [query],
                        }))
                        : [
                            {
                                document: { i: -1, t: "", u: seeAllResults({ query: input, isEmpty: false }).url },
                                type: SEE_ALL_RESULTS,
                                page: undefined,
                                metadata: {},
                                tokens: [input],
                            },
                        ];
                    // VULTUS: end
                    if (input && askAi) {
                        callback([
                            {
                                document: {
                                    i: -1,
                                    t: "",
                                    u: "",
                                },
                                type: SearchDocumentType.AskAI,
                                page: undefined,
                                metadata: {},
                                tokens: [input],
                            },
                            ...result,
                            ...afterResults,
                        ]);
                    }
                    else {
                        callback([...result, ...afterResults]);
                    }
                },
                templates: {
                    // VULTUS: each option carries the address it opens (data-href), for tests and tools.
                    suggestion: (suggestion) => suggestion.type === SEE_ALL_RESULTS
                        ? `<span class="vultus-hit ${styles.hitFooter} ${vultusStyles.seeAll}" data-href="${escapeAttribute(suggestion.document.u)}">${escapeText(`${seeAllResults({ query: suggestion.tokens[0], isEmpty: false }).linkText} for "${suggestion.tokens[0]}"`)}</span>`
                        : suggestion.type === NEAREST_QUERY
                            ? `<span class="vultus-hit ${styles.hitFooter} ${vultusStyles.seeAll}" data-href="${escapeAttribute(suggestion.document.u)}">${escapeText(`Search for "${suggestion.tokens[0]}"`)}</span>`
                            : `<span class="vultus-hit ${vultusStyles.hit}" data-href="${escapeAttribute(suggestion.document.u + (suggestion.document.h ?? ""))}">${SuggestionTemplate(suggestion)}</span>`,
                    // VULTUS: above the nearest queries, what found nothing.
                    header: () => nearestFor
                        ? `<div class="${vultusStyles.nearest}">${escapeText(`No results for "${nearestFor}". The nearest terms:`)}</div>`
                        : "",
                    empty: EmptyTemplate,
                    // VULTUS: no footer; "See all results" is an option (above).
                },
            },
        ])
            .on("autocomplete:selected", function (event, { document: { u, h }, type, tokens }) {
            searchBarRef.current?.blur();
            if (type === SearchDocumentType.AskAI && askAi) {
                askAIWidgetRef.current?.openWithNewSession(tokens.join(""));
                return;
            }
            // VULTUS: start
            if (type === SEE_ALL_RESULTS || type === NEAREST_QUERY) {
                history.push(u);
                return;
            }
            // VULTUS: end
            let url = u;
            if (highlightOnTargetPage && tokens.length > 0) {
                const params = new URLSearchParams();
                for (const token of tokens) {
                    params.append(SEARCH_PARAM_HIGHLIGHT, token);
                }
                url += `?${params.toString()}`;
            }
            if (h) {
                url += h;
            }
            history.push(url);
        })
            .on("autocomplete:closed", () => {
            searchBarRef.current?.blur();
        });
        // VULTUS: a combobox names the list it controls (ARIA 1.2); autocomplete.js only sets
        // the older aria-owns.
        const listbox = searchBarRef.current?.getAttribute("aria-owns");
        if (listbox) {
            searchBarRef.current.setAttribute("aria-controls", listbox);
        }
        indexStateMap.current.set(searchContext, "done");
        setLoading(false);
        // VULTUS: start
        setIndexReady(true);
        // VULTUS: end
        if (focusAfterIndexLoaded.current && inputHadFocus) {
            const input = searchBarRef.current;
            if (input.value) {
                search.current?.autocomplete.open();
            }
            input.focus();
            // On small screens the input is collapsed by default; after expanding via
            // focus, move the caret to the end so backspace works as expected.
            if (window.matchMedia("(max-width: 576px)").matches) {
                input.setSelectionRange(input.value.length, input.value.length);
            }
        }
    }, [hidden, searchContext, versionUrl, baseUrl, history]);
    useEffect(() => {
        if (!highlightOnTargetPage) {
            return;
        }
        const keywords = isBrowser
            ? new URLSearchParams(location.search).getAll(SEARCH_PARAM_HIGHLIGHT)
            : [];
        // VULTUS: mark.js loads only when there is something to mark or unmark.
        if (keywords.length === 0 && !document.querySelector("article mark[data-markjs]")) {
            return;
        }
        let cancelled = false;
        loadMark().then((Mark) => {
            if (!cancelled) {
                markKeywords(Mark, keywords);
            }
        });
        return () => {
            cancelled = true;
        };
    }, [isBrowser, location.search, location.pathname]);
    const markKeywords = useCallback((Mark, keywords) => {
        // A workaround to fix an issue of highlighting in code blocks.
        // See https://github.com/easyops-cn/docusaurus-search-local/issues/92
        // Code blocks will be re-rendered after this `useEffect` ran.
        // So we make the marking run after a macro task.
        setTimeout(() => {
            const root = document.querySelector("article");
            if (!root) {
                return;
            }
            const mark = new Mark(root);
            mark.unmark();
            if (keywords.length !== 0) {
                mark.mark(keywords, {
                    exclude: [".theme-doc-toc-mobile > button"],
                });
            }
            // Apply any keywords to the search input so that we can clear marks in case we loaded a page with a highlight in the url
            setInputValue(keywords.join(" "));
            search.current?.autocomplete.setVal(keywords.join(" "));
        });
    }, []);
    const [focused, setFocused] = useState(false);
    const onInputFocus = useCallback(() => {
        focusAfterIndexLoaded.current = true;
        loadIndex();
        setFocused(true);
        handleSearchBarToggle?.(true);
        // On small screens the input is collapsed by default; after expanding via
        // focus, move the caret to the end so backspace works as expected.
        // On large screens we leave the native caret behaviour untouched.
        if (window.matchMedia("(max-width: 576px)").matches) {
            const input = searchBarRef.current;
            if (input) {
                setTimeout(() => {
                    input.setSelectionRange(input.value.length, input.value.length);
                }, 0);
            }
        }
    }, [handleSearchBarToggle, loadIndex]);
    const onInputBlur = useCallback(() => {
        setFocused(false);
        handleSearchBarToggle?.(false);
    }, [handleSearchBarToggle]);
    const onInputMouseEnter = useCallback(() => {
        loadIndex();
    }, [loadIndex]);
    const onInputChange = useCallback((event) => {
        setInputValue(event.target.value);
        if (event.target.value) {
            setInputChanged(true);
        }
    }, []);
    // Implement hint icons for the search shortcuts on mac and the rest operating systems.
    const isMac = isBrowser ? isMacPlatform() : false;
    // Sync the input value and focus state for SSR
    useEffect(() => {
        const searchBar = searchBarRef.current;
        const domValue = searchBar?.value;
        if (domValue) {
            setInputValue(domValue);
        }
        if (searchBar && document.activeElement === searchBar) {
            focusAfterIndexLoaded.current = true;
            loadIndex();
            setFocused(true);
            handleSearchBarToggle?.(true);
        }
    }, 
    // Only run this effect on mount
    // eslint-disable-next-line react-hooks/exhaustive-deps
    []);
    useEffect(() => {
        if (!searchBarShortcut || !searchBarShortcutKeymap) {
            return;
        }
        const parsedKeymap = parseKeymap(searchBarShortcutKeymap);
        // Add shortcuts based on custom keymap
        const handleShortcut = (event) => {
            if (matchesKeymap(event, parsedKeymap)) {
                event.preventDefault();
                searchBarRef.current?.focus();
                onInputFocus();
            }
        };
        document.addEventListener("keydown", handleShortcut);
        return () => {
            document.removeEventListener("keydown", handleShortcut);
        };
    }, [onInputFocus, searchBarShortcutKeymap]);
    const onClearSearch = useCallback(() => {
        const params = new URLSearchParams(location.search);
        params.delete(SEARCH_PARAM_HIGHLIGHT);
        const paramsStr = params.toString();
        const searchUrl = location.pathname +
            (paramsStr != "" ? `?${paramsStr}` : "") +
            location.hash;
        if (searchUrl != location.pathname + location.search + location.hash) {
            history.push(searchUrl);
        }
        // We always clear these here because in case no match was selected the above history push wont happen
        setInputValue("");
        search.current?.autocomplete.setVal("");
    }, [location.pathname, location.search, location.hash, history]);
    return (<div className={clsx("navbar__search", styles.searchBarContainer, {
            [styles.searchIndexLoading]: loading && inputChanged,
            [styles.focused]: focused,
        })} hidden={hidden} 
    // Manually make the search bar be LTR even if in RTL
    dir="ltr">
      <svg aria-hidden="true" className={styles.searchIcon} focusable="false" viewBox="0 0 16 16">
        <path fill="currentColor" d="M6.02945 10.20327a4.17382 4.17382 0 1 1 4.17382-4.17382 4.15609 4.15609 0 0 1-4.17382 4.17382Zm9.69195 4.2199-4.8225-4.82338A5.88021 5.88021 0 0 0 12.058 6.02856 6.00467 6.00467 0 1 0 9.59979 10.8989l4.82338 4.82338a.89729.89729 0 0 0 1.29912 0 .89749.89749 0 0 0-.00087-1.29909Z"/>
      </svg>
      {/* VULTUS: start — placeholder follows the index state; the accessible name stays "Search". */}
      <input placeholder={indexFailed ? "Search unavailable" : indexReady
            ? translate({
                id: "theme.SearchBar.label",
                message: "Search",
                description: "The ARIA label and placeholder for search button",
            })
            : translate({
                id: "vultus.SearchBar.loadingPlaceholder",
                message: "Loading...",
                description: "The search box placeholder until the search index is loaded",
            })} aria-label="Search" className={`navbar__search-input ${styles.searchInput}`} onMouseEnter={onInputMouseEnter} onFocus={onInputFocus} onBlur={onInputBlur} onChange={onInputChange} ref={searchBarRef} value={inputValue}/>
      {/* VULTUS: end */}
      {askAi && AskAIWidgetComponent && (<AskAIWidgetComponent ref={askAIWidgetRef} {...askAi}>
          <span hidden></span>
        </AskAIWidgetComponent>)}
      <LoadingRing className={styles.searchBarLoadingRing}/>
      {/* VULTUS: the number of results, for screen readers. */}
      <span role="status" className={vultusStyles.visuallyHidden}>{resultStatus}</span>
      {searchBarShortcut &&
            searchBarShortcutHint &&
            (inputValue !== "" ? (<button type="button" aria-label="Clear search and highlights" className={clsx(styles.searchClearButton, vultusStyles.clearButton)} onClick={onClearSearch}>
            ✕
          </button>) : (isBrowser &&
                searchBarShortcutKeymap && (<div className={styles.searchHintContainer}>
              {getKeymapHints(searchBarShortcutKeymap, isMac).map((hint, index) => (<kbd key={index} className={styles.searchHint}>
                    {hint}
                  </kbd>))}
            </div>)))}
    </div>);
}
