import { SiteHeader } from "../components/site/header.tsx";
import { reactIsland } from "./react-island.ts";

export default reactIsland(SiteHeader);
