import { ProductGallery } from "../components/catalogue/gallery.tsx";
import { reactIsland } from "./react-island.ts";

export default reactIsland(ProductGallery);
