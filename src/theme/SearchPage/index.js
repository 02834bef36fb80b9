// The plugin's SearchPage entry, ejected with ./SearchPage.jsx.
import SearchPage from './SearchPage';
export default SearchPage;
