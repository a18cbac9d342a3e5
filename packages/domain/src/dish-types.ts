// What a dish looks like, read from its name (issue 20 §2 "Food looks like food", decision 074):
// until a restaurant uploads a photo, the generated art draws the dish type named here, so
// sushi shows sushi and a sandwich platter sandwiches. The type travels in the art URL
// (/media/art/dish/<id>-<type>.svg), so a picture never changes behind a cached URL.

export const dishTypes = [
  // generic pictures, only when nothing in the name says more
  'plate',
  'bowl',
  // Japanese, Chinese, Korean, Thai, Vietnamese
  'sushi',
  'nigiri',
  'poke',
  'bento',
  'ramen',
  'noodles',
  'dumplings',
  'rolls',
  'stirfry',
  'rice',
  // soups, salads, vegetables
  'soup',
  'salad',
  'veg',
  // hand-held
  'sandwich',
  'wrap',
  'burger',
  'tacos',
  'pizza',
  'samosa',
  // mains
  'pasta',
  'macaroni',
  'curry',
  'skewers',
  'grill',
  'wings',
  'chicken',
  'fish',
  'bake',
  'pie',
  // sides and sharing
  'falafel',
  'dips',
  'board',
  'fries',
  'bread',
  // breakfast
  'croissant',
  'muffin',
  'bagel',
  'pancakes',
  'eggs',
  'toast',
  'parfait',
  'oats',
  'acai',
  // sweets
  'fruit',
  'cookies',
  'cake',
  'cupcake',
  'donuts',
  'churros',
  'icecream',
  // drinks
  'coffee',
  'tea',
  'juice',
  'smoothie',
  'soda',
] as const;
export type DishType = (typeof dishTypes)[number];

/**
 * First match wins, so the order carries meaning: a "Bagel Breakfast Sandwich" is a bagel, a
 * "Grilled Chicken Caesar Wrap" a wrap, a "Chicken Noodle Soup" a noodle soup, a "Falafel Bowl"
 * a bowl. Names are lower-cased and stripped of accents before matching.
 */
const rules: [DishType, RegExp][] = [
  // drinks
  ['coffee', /\b(coffee|espresso|latte|cappuccino|americano|macchiato|cold brew|flat white)\b/],
  ['smoothie', /\b(smoothie|milkshake|shake|lassi|frappe)s?\b/],
  ['juice', /\b(juice|lemonade|iced tea|limeade|agua fresca|horchata|punch)\b/],
  ['tea', /\b(tea|chai|matcha)\b/],
  ['soda', /\b(soda|soft drinks?|pop|cola|sparkling|water|kombucha|ginger ale|drinks?|beverages?)\b/],
  // bakery and breakfast, before sandwiches and salads ("Tuna Salad Croissant")
  ['bagel', /\bbagels?\b/],
  ['sandwich', /\benglish muffin\b/],
  ['cupcake', /\bcupcakes?\b/],
  ['muffin', /\bmuffins?\b/],
  ['croissant', /\b(croissants?|viennoiserie|pastry|pastries|danish|scones?|pain au|breakfast box|kouign|brioche)\b/],
  ['pancakes', /\b(pancakes?|waffles?|french toast|crepes?|hotcakes?|blini)\b/],
  ['acai', /\b(acai|smoothie bowl|pitaya)\b/],
  ['parfait', /\b(parfaits?|yogh?urt|granola|overnight oats|chia pudding|pudding|trifle)\b/],
  ['oats', /\b(oatmeal|porridge|congee|grits)\b/],
  [
    'donuts',
    /\b(donuts?|doughnuts?|gulab jamun|loukoumades|sesame balls|mochi|energy balls?|timbits|beignets?|bliss balls|truffles)\b/,
  ],
  // fish first of all that shows fish raw
  ['poke', /\bpoke\b/],
  ['nigiri', /\b(nigiri|sashimi)\b/],
  [
    'sushi',
    /\b(sushi|maki|(tuna|salmon|dragon|rainbow|eel|cucumber|avocado|philadelphia|philly|shrimp tempura|crunch) rolls?|california rolls?|hand rolls?|temaki|uramaki|futomaki)\b/,
  ],
  ['bento', /\b(bento|lunch box|boxed lunch|box lunch)\b/],
  // soups before noodles and chicken ("Chicken Noodle Soup")
  ['ramen', /\b(ramen|pho|udon|noodle soup|laksa|wonton soup|saimin|tonkotsu)\b/],
  [
    'soup',
    /\b(soups?|bisque|chowder|broth|gazpacho|minestrone|miso|consomme|harira|caldo|pozole|gumbo|mulligatawny)\b/,
  ],
  ['salad', /\bsalad bowl\b/],
  ['noodles', /\b(pad thai|lo mein|chow mein|japchae|soba|vermicelli|noodles?|pad see ew|yakisoba|chow fun|dan dan)\b/],
  // a bowl is a bowl unless it said poke, salad, acai or noodles above
  ['bowl', /\b(bowls?|bibimbap|buddha|power bowl)\b/],
  [
    'rolls',
    /\b(spring rolls?|fresh rolls?|salad rolls?|egg rolls?|summer rolls?|grape leaves|dolmas?|dolmades|cannoli)\b/,
  ],
  ['pizza', /\b(pizzas?|manakeesh|manakish|manoushe|flatbread pizza|calzones?|pide)\b/],
  ['burger', /\b(burgers?|sliders?|cheeseburgers?)\b/],
  ['tacos', /\b(tacos?|taco bar|tostadas?|nachos|fajitas?|quesadillas?)\b/],
  [
    'wrap',
    /\b(burritos?|wraps?|gyros?|roti|doubles|lavash|kathi|shawarma wrap|chimichangas?|pinwheels?)\b|\bpitas?\b(?!.*(platter|chips))/,
  ],
  [
    'sandwich',
    /\b(sandwich(es)?|subs?|hoagies?|panini|paninis|banh mi|baguettes?|ciabatta|focaccia|club|blt|on rye|on a bun|multigrain|grilled cheese|melts?|po ?boy|cubano|heroes|smoked meat|toasties?|tramezzini|croque)\b/,
  ],
  ['toast', /\btoasts?\b/],
  [
    'eggs',
    /\b(benedict|frittatas?|omelett?es?|shakshuka|scrambled|huevos|fried eggs?|breakfast tray|lumberjack|eggs)\b/,
  ],
  ['salad', /\b(salads?|slaw|coleslaw|caesar|tabbouleh|fattoush|caprese|nicoise|kachumber|timatim|som tam)\b/],
  [
    'dumplings',
    /\b(dumplings?|gyoza|har gow|siu mai|shumai|mandu|momos?|bao|baos|pierogi|perogies|potstickers?|wontons?|xiao long)\b/,
  ],
  ['samosa', /\b(samosas?|sambusas?|empanadas?|patt(y|ies)|triangles|turnovers?|bureks?|boreks?|knish(es)?)\b/],
  [
    'dips',
    /\b(hummus|mezze|meze|guacamole|dips?|baba ganoush|tzatziki|salsa|queso|crudites|foul|ful medames|labneh|muhammara|chips)\b/,
  ],
  ['bake', /\b(lasagna|lasagne|shepherd'?s? pie)\b/],
  ['macaroni', /\b(mac & cheese|mac and cheese|mac n cheese|macaroni)\b/],
  [
    'pasta',
    /\b(pasta|penne|spaghetti|rigatoni|linguine|fettuccine|gnocchi|ravioli|tortellini|mac & cheese|mac and cheese|macaroni|carbonara|bolognese|alfredo|orzo|ziti|pappardelle)\b/,
  ],
  [
    'bake',
    /\b(moussaka|gratin|casserole|parmigiana|parmesan chicken|chicken parm|enchiladas?|bake|baked|spanakopita|pastitsio|kugel|cobbler|strata)\b/,
  ],
  ['falafel', /\b(falafels?|arancini|meatballs?|kibbeh|croquettes?|hush ?puppies|bhajis?|pakoras?|fritters?|tots)\b/],
  ['pie', /\b(pies?|quiche|tarts?|tarte|tourtiere|galette|pastel de nata|shepherd)\b/],
  [
    'curry',
    /\b(curry|curries|masala|korma|vindaloo|tikka|makhani|rogan josh|paneer|dal|daal|dhal|wot|shiro|stew|chili|chilli|massaman|goulash|tagine|chana|butter chicken|jalfrezi|saag|coq au vin|bourguignon|combo platter)\b/,
  ],
  ['fries', /\b(fries|frites|poutine|potato(es)?|wedges|plantains?|tostones|hash browns?|tater)\b/],
  [
    'rice',
    /\b(biryani|fried rice|risotto|pilaf|pilau|paella|jollof|rice & peas|rice and peas|mujaddara|sticky rice|rice)\b/,
  ],
  ['skewers', /\b(skewers?|kebabs?|kabobs?|souvlaki|satay|taouk|kofta|yakitori|brochettes?|shish|tikka skewers)\b/],
  [
    'stirfry',
    /\b(general tso|kung pao|orange chicken|sweet (and|&) sour|beef (and|&) broccoli|stir.?fr(y|ied)|mapo|black pepper|teriyaki|krapow|basil chicken|szechuan|sichuan|cashew chicken|bulgogi|tibs|larb|lemon chicken|chop suey)\b/,
  ],
  [
    'chicken',
    /\b(roast(ed)? chicken|rotisserie|chicken supreme|whole chicken|roast turkey|turkey dinner|cornish hen)\b/,
  ],
  [
    'wings',
    /\b(wings?|drumsticks?|fried chicken|tandoori|jerk|bbq chicken|nuggets|tenders|chicken fingers|popcorn chicken|karaage)\b/,
  ],
  [
    'fish',
    /\b(salmon|fish|cod|tuna|halibut|trout|tilapia|sea bass|branzino|shrimp|prawns?|scallops?|piccata|ceviche|mahi)\b/,
  ],
  [
    'grill',
    /\b(steak|brisket|pulled pork|short ribs?|galbi|ribs|bbq|barbecue|shawarma|mixed grill|carne asada|pork belly|lamb chops?|sausages?|bratwurst|bacon|ham|porchetta|roast beef|prime rib|carnitas|barbacoa|grill|grilled meat|schnitzel|cutlets?|katsu|pork chops?|meatloaf)\b/,
  ],
  ['fruit', /\b(fruit|fruits|berries|melon|watermelon|pineapple|strawberries)\b/],
  [
    'cookies',
    /\b(cookies?|brownies?|bars|blondies?|macarons?|biscotti|shortbread|baklava|maamoul|nanaimo|squares|alfajores|rugelach|madeleines|fudge)\b/,
  ],
  ['churros', /\bchurros?\b/],
  ['icecream', /\b(ice cream|gelato|kulfi|sorbet|sundaes?|popsicles?|frozen yogh?urt)\b/],
  [
    'cake',
    /\b(cakes?|tiramisu|cheesecake|galaktoboureko|knafeh|kunafa|tres leches|mousse|torte|panna cotta|flan|creme brulee|eclairs?|profiteroles|strudel)\b/,
  ],
  [
    'bread',
    /\b(naan|injera|cornbread|bread|breadsticks|garlic knots|dinner rolls|biscuits|challah|paratha|focaccia|pita bread|bannock|scali)\b/,
  ],
  [
    'board',
    /\b(deli meat|charcuterie|cheese board|cheese platter|antipasto|antipasti|meat (and|&) cheese|cold cuts|grazing)\b/,
  ],
  [
    'veg',
    /\b(edamame|gomen|collards?|broccoli|green beans|vegetables|veggies|banchan|kimchi|elote|corn|asparagus|brussels|ratatouille|cauliflower|spinach|mushrooms|bok choy|greens|eggplant|zucchini)\b/,
  ],
];

/** The picture a category shows when the name says nothing (owners type their own categories). */
const categoryTypes: [RegExp, DishType][] = [
  [/salad/, 'salad'],
  [/soup/, 'soup'],
  [/dessert|sweet|bak(ery|ed goods)|treat/, 'cake'],
  [/drink|beverage/, 'soda'],
  [/breakfast|brunch|morning/, 'croissant'],
  [/sandwich|wrap/, 'sandwich'],
  [/bowl/, 'bowl'],
  [/platter|sharing/, 'board'],
  [/side|vegetable/, 'veg'],
  [/noodle/, 'noodles'],
  [/pasta/, 'pasta'],
  [/pizza/, 'pizza'],
  [/sushi/, 'sushi'],
  [/taco/, 'tacos'],
  [/curr/, 'curry'],
];

/** The main course a kitchen of this cuisine most likely means when the name is not telling. */
const cuisineTypes: [RegExp, DishType][] = [
  [/italian/, 'pasta'],
  [/indian|ethiopian|caribbean/, 'curry'],
  [/thai|vietnamese/, 'noodles'],
  [/japanese/, 'bento'],
  [/chinese/, 'stirfry'],
  [/korean/, 'bowl'],
  [/mexican/, 'tacos'],
  [/middle eastern|mediterranean|greek/, 'skewers'],
  [/french/, 'pie'],
  [/bbq|american|canadian/, 'grill'],
  [/breakfast/, 'eggs'],
  [/sandwich/, 'sandwich'],
  [/healthy|vegan/, 'bowl'],
  [/dessert/, 'cake'],
];

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function firstMatch<T>(text: string, table: [RegExp, T][]): T | null {
  for (const [pattern, value] of table) if (pattern.test(text)) return value;
  return null;
}

/** The dish type a name says, or null when the name alone is not telling ("House special"). */
export function dishTypeFromName(name: string): DishType | null {
  const text = fold(name);
  for (const [type, pattern] of rules) if (pattern.test(text)) return type;
  return null;
}

/**
 * The dish type to draw: from the name, else from the menu category, else from the kitchen's
 * cuisine (a main course), else a generic plate.
 */
export function dishTypeOf(dish: { name: string; category?: string | null; cuisines?: readonly string[] }): DishType {
  return (
    dishTypeFromName(dish.name) ??
    firstMatch(fold(dish.category ?? ''), categoryTypes) ??
    firstMatch(fold((dish.cuisines ?? []).join(' ')), cuisineTypes) ??
    'plate'
  );
}

export function isDishType(value: string): value is DishType {
  return (dishTypes as readonly string[]).includes(value);
}

// ---------------------------------------------------------------- art URLs

const drinkTypes: readonly DishType[] = ['coffee', 'tea', 'juice', 'smoothie', 'soda'];
const GENERATED = /^\/media\/art\/([a-z-]+)\/([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;

/** A dish's generated picture: /media/art/dish/<id>-<type>.svg. */
export function dishArtUrl(id: number, dish: Parameters<typeof dishTypeOf>[0]): string {
  return `/media/art/dish/${id}-${dishTypeOf(dish)}.svg`;
}

/** An option's picture: what its own name says, else its dish's type ("Salsa roja" of a burrito). */
export function itemArtUrl(id: number, name: string, dishType: DishType): string {
  return `/media/art/item/${id}-${dishTypeFromName(name) ?? dishType}.svg`;
}

/**
 * A restaurant's or preset's banner: three of its dishes, in menu order, different types first
 * and drinks last, so a sushi bar's banner shows sushi and not a soda.
 */
export function bannerArtUrl(kind: 'chef-banner' | 'preset', id: number, types: readonly DishType[]): string {
  const distinct = [...new Set(types)];
  const food = distinct.filter((t) => !drinkTypes.includes(t));
  const picked = [...food, ...distinct.filter((t) => drinkTypes.includes(t))].slice(0, 3);
  return `/media/art/${kind}/${[id, ...picked].join('-')}.svg`;
}

/** True for a URL of the generated art (or none), false for a restaurant's uploaded photo. */
export function isGeneratedArt(url: string): boolean {
  return url === '' || GENERATED.test(url);
}

/** The dish type a generated dish picture names, or null (an old URL, a photo). */
export function dishTypeOfArtUrl(url: string): DishType | null {
  const m = GENERATED.exec(url);
  const hint = m && (m[1] === 'dish' || m[1] === 'item') ? m[2]!.split('-')[1] : undefined;
  return hint && isDishType(hint) ? hint : null;
}
