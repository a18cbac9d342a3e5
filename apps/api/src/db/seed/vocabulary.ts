// Words the demo-catalogue generator builds a believable marketplace from: cities and real
// street names near each centre, restaurant concepts with their dishes, preset templates,
// tags and the spec's system vars (preset_cuisine_type, preset_dietary_type).
// Data only: no randomness and no I/O here (generator.ts decides).

// ---------------------------------------------------------------- system vars
export const dietaryTypes = [
  { code: 'V', name: 'Vegetarian', icon: '🥦' },
  { code: 'VG', name: 'Vegan', icon: '🌱' },
  { code: 'GF', name: 'Gluten Free', icon: '🌾' },
  { code: 'DF', name: 'Dairy Free', icon: '🥛' },
  { code: 'NF', name: 'Nut Free', icon: '🥜' },
  { code: 'H', name: 'Halal', icon: '☪️' },
  { code: 'K', name: 'Kosher', icon: '✡️' },
  { code: 'KE', name: 'Keto', icon: '🥑' },
  { code: 'P', name: 'Pescatarian', icon: '🐟' },
] as const;
export type DietCode = (typeof dietaryTypes)[number]['code'];
export const dietName: Record<string, string> = Object.fromEntries(dietaryTypes.map((d) => [d.code, d.name]));

export const cuisineTypes = [
  { name: 'Italian', icon: '🍝' },
  { name: 'Mediterranean', icon: '🫒' },
  { name: 'Middle Eastern', icon: '🧆' },
  { name: 'Greek', icon: '🥙' },
  { name: 'Indian', icon: '🍛' },
  { name: 'Japanese', icon: '🍣' },
  { name: 'Chinese', icon: '🥡' },
  { name: 'Thai', icon: '🍜' },
  { name: 'Vietnamese', icon: '🥢' },
  { name: 'Korean', icon: '🍚' },
  { name: 'Mexican', icon: '🌮' },
  { name: 'Caribbean', icon: '🌴' },
  { name: 'Ethiopian', icon: '🫓' },
  { name: 'French', icon: '🥐' },
  { name: 'Canadian', icon: '🍁' },
  { name: 'American', icon: '🍔' },
  { name: 'BBQ', icon: '🍖' },
  { name: 'Breakfast', icon: '🍳' },
  { name: 'Sandwiches', icon: '🥪' },
  { name: 'Healthy', icon: '🥗' },
  { name: 'Vegan', icon: '🌱' },
  { name: 'Desserts', icon: '🍰' },
] as const;

// ---------------------------------------------------------------- home-page groups
export const GROUP = {
  healthyLunch: 'Healthy Lunch',
  corporateBreakfast: 'Corporate Breakfast',
  sandwichSalad: 'Sandwich/Wrap & Salad Lunches',
  hotBuffet: 'Hot Lunch Buffets',
  vegetarian: 'Vegetarian & Vegan',
  celebrations: 'Team Celebrations',
  snacks: 'Afternoon Snacks',
} as const;
/** The three groups the home page always shows (spec: ordering-payments §2, home page rows). */
export const homeGroups = [GROUP.healthyLunch, GROUP.corporateBreakfast, GROUP.sandwichSalad] as const;

export const tags = [
  { name: 'Popular', color: '#E4572E' },
  { name: 'New', color: '#17BEBB' },
  { name: 'Best Seller', color: '#F2A541' },
  { name: 'Staff Pick', color: '#7D5BA6' },
  { name: 'Local Favourite', color: '#2E86AB' },
  { name: 'Eco Packaging', color: '#3BB273' },
  { name: 'Family Run', color: '#C8553D' },
  { name: 'Woman Owned', color: '#B5179E' },
  { name: 'Budget Friendly', color: '#4D9078' },
  { name: 'Premium', color: '#2D3047' },
  { name: 'Fast Delivery', color: '#FF8C42' },
  { name: 'Plant Forward', color: '#6A994E' },
] as const;

// ---------------------------------------------------------------- cities
export interface Street {
  name: string;
  /** a point on the street near the centre */
  lat: number;
  lng: number;
  /** Canadian FSA (first three characters) or US ZIP of that stretch */
  postal: string;
  /** neighbourhood, used to tell branches apart */
  area: string;
}

export interface City {
  key: string;
  name: string;
  province: string;
  country: 'CA' | 'US';
  timeZone: string;
  /** price level relative to Toronto (USD cities are priced in USD) */
  priceLevel: number;
  /** share of the restaurants */
  weight: number;
  phoneAreaCode: string;
  centre: { lat: number; lng: number };
  streets: Street[];
}

const s = (name: string, lat: number, lng: number, postal: string, area: string): Street => ({
  name,
  lat,
  lng,
  postal,
  area,
});

// Taxes are not a city's: they come from the dated tax table for the place of supply
// (packages/domain/src/tax-table.ts, issue 17).
export const cities: City[] = [
  {
    key: 'toronto',
    name: 'Toronto',
    province: 'ON',
    country: 'CA',
    timeZone: 'America/Toronto',
    priceLevel: 1,
    weight: 20,
    phoneAreaCode: '416',
    centre: { lat: 43.6487, lng: -79.3817 },
    streets: [
      s('King St W', 43.6455, -79.395, 'M5V', 'King West'),
      s('Queen St W', 43.6487, -79.397, 'M5V', 'Queen West'),
      s('Yonge St', 43.67, -79.3868, 'M4W', 'Summerhill'),
      s('Bay St', 43.654, -79.384, 'M5G', 'Discovery District'),
      s('Spadina Ave', 43.653, -79.398, 'M5T', 'Chinatown'),
      s('Front St E', 43.649, -79.372, 'M5E', 'St. Lawrence'),
      s('Dundas St W', 43.653, -79.405, 'M6J', 'Trinity Bellwoods'),
      s('College St', 43.657, -79.41, 'M6G', 'Little Italy'),
      s('Bloor St W', 43.667, -79.4, 'M5S', 'the Annex'),
      s('Adelaide St W', 43.6485, -79.389, 'M5H', 'Financial District'),
      s('Church St', 43.665, -79.38, 'M4Y', 'Church-Wellesley'),
      s('Danforth Ave', 43.678, -79.35, 'M4K', 'the Danforth'),
      s('Queen St E', 43.656, -79.353, 'M4M', 'Leslieville'),
      s('Ossington Ave', 43.65, -79.42, 'M6J', 'Ossington'),
      s('Wellington St W', 43.6458, -79.3855, 'M5J', 'Union Station'),
    ],
  },
  {
    key: 'montreal',
    name: 'Montreal',
    province: 'QC',
    country: 'CA',
    timeZone: 'America/Toronto',
    priceLevel: 0.95,
    weight: 10,
    phoneAreaCode: '514',
    centre: { lat: 45.5017, lng: -73.5673 },
    streets: [
      s('Rue Sainte-Catherine O', 45.5017, -73.571, 'H3B', 'Centre-Ville'),
      s('Boulevard Saint-Laurent', 45.513, -73.57, 'H2X', 'the Plateau'),
      s('Rue Saint-Denis', 45.519, -73.568, 'H2X', 'Quartier Latin'),
      s('Avenue du Mont-Royal E', 45.5245, -73.581, 'H2J', 'Mont-Royal'),
      s('Rue Sherbrooke O', 45.499, -73.58, 'H3G', 'Golden Square Mile'),
      s('Boulevard René-Lévesque O', 45.497, -73.572, 'H3B', 'Downtown'),
      s('Rue Saint-Paul O', 45.501, -73.556, 'H2Y', 'Old Montreal'),
      s('Rue Notre-Dame O', 45.496, -73.561, 'H3C', 'Griffintown'),
      s('Avenue du Parc', 45.517, -73.59, 'H2W', 'Milton-Parc'),
      s('Rue Peel', 45.5, -73.574, 'H3A', 'Peel'),
      s('Rue McGill', 45.5, -73.559, 'H2Y', 'Vieux-Port'),
      s('Avenue Laurier O', 45.522, -73.594, 'H2T', 'Mile End'),
    ],
  },
  {
    key: 'vancouver',
    name: 'Vancouver',
    province: 'BC',
    country: 'CA',
    timeZone: 'America/Vancouver',
    priceLevel: 1.05,
    weight: 12,
    phoneAreaCode: '604',
    centre: { lat: 49.2827, lng: -123.1207 },
    streets: [
      s('W Georgia St', 49.284, -123.12, 'V6E', 'Downtown'),
      s('Granville St', 49.28, -123.121, 'V6Z', 'Granville'),
      s('Robson St', 49.284, -123.125, 'V6E', 'West End'),
      s('W Hastings St', 49.285, -123.113, 'V6C', 'Coal Harbour'),
      s('Main St', 49.265, -123.1, 'V5T', 'Mount Pleasant'),
      s('Burrard St', 49.283, -123.124, 'V6C', 'Burrard'),
      s('Davie St', 49.279, -123.133, 'V6E', 'Davie Village'),
      s('Commercial Dr', 49.27, -123.069, 'V5L', 'the Drive'),
      s('W Broadway', 49.263, -123.115, 'V5Z', 'Fairview'),
      s('Denman St', 49.288, -123.14, 'V6G', 'English Bay'),
      s('Water St', 49.2845, -123.108, 'V6B', 'Gastown'),
      s('Hamilton St', 49.2775, -123.118, 'V6B', 'Yaletown'),
    ],
  },
  {
    key: 'ottawa',
    name: 'Ottawa',
    province: 'ON',
    country: 'CA',
    timeZone: 'America/Toronto',
    priceLevel: 0.95,
    weight: 8,
    phoneAreaCode: '613',
    centre: { lat: 45.4215, lng: -75.6972 },
    streets: [
      s('Bank St', 45.414, -75.698, 'K2P', 'Centretown'),
      s('Elgin St', 45.417, -75.688, 'K2P', 'Elgin'),
      s('Sparks St', 45.4215, -75.698, 'K1P', 'Sparks'),
      s('Rideau St', 45.429, -75.689, 'K1N', 'Lowertown'),
      s('Somerset St W', 45.411, -75.703, 'K1R', 'Chinatown'),
      s('Preston St', 45.403, -75.713, 'K1R', 'Little Italy'),
      s('Wellington St W', 45.403, -75.73, 'K1Y', 'Hintonburg'),
      s('Laurier Ave W', 45.42, -75.7, 'K1P', 'Downtown'),
      s('Dalhousie St', 45.429, -75.692, 'K1N', 'ByWard Market'),
      s("O'Connor St", 45.417, -75.692, 'K2P', 'Golden Triangle'),
    ],
  },
  {
    key: 'new-york',
    name: 'New York',
    province: 'NY',
    country: 'US',
    timeZone: 'America/New_York',
    priceLevel: 1.1,
    weight: 14,
    phoneAreaCode: '212',
    centre: { lat: 40.7484, lng: -73.9857 },
    streets: [
      s('W 38th St', 40.753, -73.99, '10018', 'Garment District'),
      s('Madison Ave', 40.756, -73.98, '10017', 'Midtown East'),
      s('Lexington Ave', 40.75, -73.978, '10016', 'Murray Hill'),
      s('7th Ave', 40.751, -73.99, '10001', 'Penn Station'),
      s('Broadway', 40.74, -73.99, '10010', 'Flatiron'),
      s('W 14th St', 40.739, -74.001, '10011', 'Chelsea'),
      s('Hudson St', 40.73, -74.007, '10014', 'West Village'),
      s('Canal St', 40.719, -74.001, '10013', 'Tribeca'),
      s('Bleecker St', 40.729, -74.001, '10012', 'Greenwich Village'),
      s('E 45th St', 40.753, -73.974, '10017', 'Grand Central'),
      s('Water St', 40.704, -74.009, '10005', 'Financial District'),
      s('Amsterdam Ave', 40.78, -73.981, '10024', 'Upper West Side'),
    ],
  },
  {
    key: 'seattle',
    name: 'Seattle',
    province: 'WA',
    country: 'US',
    timeZone: 'America/Los_Angeles',
    priceLevel: 1.05,
    weight: 8,
    phoneAreaCode: '206',
    centre: { lat: 47.6097, lng: -122.3331 },
    streets: [
      s('Pike St', 47.611, -122.336, '98101', 'Downtown'),
      s('Pine St', 47.612, -122.337, '98101', 'Retail Core'),
      s('1st Ave', 47.605, -122.337, '98104', 'Pioneer Square'),
      s('4th Ave', 47.608, -122.335, '98101', 'Central Business District'),
      s('Westlake Ave N', 47.623, -122.338, '98109', 'South Lake Union'),
      s('Broadway E', 47.623, -122.321, '98102', 'Capitol Hill'),
      s('Western Ave', 47.61, -122.343, '98121', 'Belltown'),
      s('Dexter Ave N', 47.626, -122.343, '98109', 'Westlake'),
      s('E Pike St', 47.614, -122.32, '98122', 'Pike/Pine'),
      s('2nd Ave', 47.604, -122.334, '98104', 'Financial District'),
    ],
  },
];

export const firstNames = [
  'Maria',
  'Giulia',
  'Marco',
  'Sofia',
  'Yusuf',
  'Amira',
  'Priya',
  'Arjun',
  'Kenji',
  'Yuki',
  'Wei',
  'Mei',
  'Somchai',
  'Nok',
  'Linh',
  'Minh',
  'Ji-woo',
  'Min-jun',
  'Carlos',
  'Lucia',
  'Andre',
  'Keisha',
  'Selam',
  'Dawit',
  'Camille',
  'Julien',
  'Emily',
  'Liam',
  'Olivia',
  'Noah',
  'Chloe',
  'Ethan',
  'Hannah',
  'Daniel',
  'Nadia',
  'Omar',
  'Elena',
  'Nikos',
  'Ava',
  'Mateo',
  'Zara',
  'Hugo',
  'Leila',
  'Samir',
  'Grace',
  'Owen',
  'Isabel',
  'Rafael',
] as const;
export const lastNames = [
  'Rossi',
  'Bianchi',
  'Haddad',
  'Khoury',
  'Sharma',
  'Patel',
  'Tanaka',
  'Sato',
  'Chen',
  'Wong',
  'Saetang',
  'Nguyen',
  'Tran',
  'Kim',
  'Park',
  'Hernandez',
  'Garcia',
  'Campbell',
  'Brown',
  'Bekele',
  'Tesfaye',
  'Dubois',
  'Tremblay',
  'Gagnon',
  'Roy',
  'Smith',
  'MacDonald',
  'Wilson',
  'Martin',
  'Papadopoulos',
  'Costa',
  'Lopez',
  'Singh',
  'Ali',
  'Morgan',
  'Bennett',
  'Fraser',
  'Leblanc',
  'Okafor',
  'Silva',
  'Cohen',
  'Levy',
] as const;

// ---------------------------------------------------------------- dishes
// A dish line: 'Name|price in dollars (Toronto level)|diet codes|kind|included components'
//   kind s = single serving (menu_type 'single'); t = tray or platter that serves about 10 (menu_type 'other')
export type DishLine = string;

export interface DishSpec {
  name: string;
  category: string;
  priceCents: number;
  diets: DietCode[];
  menuType: 'single' | 'other';
  /** guests one unit feeds */
  serves: number;
  components: string[];
}

export const CATEGORY = {
  breakfast: 'Breakfast',
  mains: 'Mains',
  bowls: 'Bowls',
  salads: 'Salads',
  soups: 'Soups',
  sides: 'Sides',
  sandwiches: 'Sandwiches & Wraps',
  platters: 'Platters',
  desserts: 'Desserts',
  drinks: 'Drinks',
} as const;
type Category = (typeof CATEGORY)[keyof typeof CATEGORY];

/** Paid options per category: extra menu items beyond the included components. */
export const addOns: Record<string, [string, number, DietCode[]][]> = {
  [CATEGORY.breakfast]: [
    ['Add bacon', 3, ['GF', 'DF', 'NF']],
    ['Add fruit cup', 3.5, ['VG', 'V', 'GF', 'DF', 'NF']],
    ['Extra egg', 1.5, ['V', 'GF', 'NF']],
    ['Gluten-free bread', 2, ['V', 'GF', 'NF']],
  ],
  [CATEGORY.mains]: [
    ['Extra protein', 4.5, ['GF', 'NF']],
    ['Extra sauce', 0.75, ['V', 'NF']],
    ['Add side salad', 4, ['V', 'GF', 'NF']],
    ['Upgrade to brown rice', 1.5, ['VG', 'V', 'GF', 'DF', 'NF']],
  ],
  [CATEGORY.bowls]: [
    ['Add avocado', 2.5, ['VG', 'V', 'GF', 'DF', 'NF']],
    ['Double protein', 5, ['GF', 'NF']],
    ['Add soft egg', 1.75, ['V', 'GF', 'NF']],
    ['Extra dressing', 0.75, ['V', 'NF']],
  ],
  [CATEGORY.salads]: [
    ['Add grilled chicken', 5, ['GF', 'DF', 'NF']],
    ['Add salmon', 7, ['GF', 'DF', 'NF', 'P']],
    ['Add tofu', 3.5, ['VG', 'V', 'GF', 'DF', 'NF']],
    ['Dressing on the side', 0, ['V', 'NF']],
  ],
  [CATEGORY.soups]: [
    ['Add bread roll', 1.5, ['V', 'NF']],
    ['Make it a large', 3, ['NF']],
  ],
  [CATEGORY.sides]: [
    ['Extra dip', 1, ['V', 'NF']],
    ['Make it a large', 3, ['NF']],
  ],
  [CATEGORY.sandwiches]: [
    ['Add cheese', 1.5, ['V', 'GF', 'NF']],
    ['Add bacon', 2.5, ['GF', 'DF', 'NF']],
    ['Gluten-free bread', 2, ['V', 'GF', 'NF']],
    ['Add chips', 2.25, ['VG', 'V', 'GF', 'DF']],
  ],
  [CATEGORY.platters]: [
    ['Extra dip', 4, ['V', 'NF']],
    ['Gluten-free crackers', 5, ['VG', 'V', 'GF', 'DF', 'NF']],
  ],
  [CATEGORY.desserts]: [
    ['Whipped cream', 1, ['V', 'GF', 'NF']],
    ['Fresh berries', 2.5, ['VG', 'V', 'GF', 'DF', 'NF']],
  ],
  [CATEGORY.drinks]: [
    ['Oat milk', 0.75, ['VG', 'V', 'DF', 'NF']],
    ['Extra shot', 1, ['VG', 'V', 'GF', 'DF', 'NF']],
  ],
};

/** Components used when a dish line names none. */
export const defaultComponents: Record<string, string[]> = {
  [CATEGORY.breakfast]: ['Seasonal fruit', 'Butter & preserves'],
  [CATEGORY.mains]: ['Seasonal vegetables', 'House sauce'],
  [CATEGORY.bowls]: ['Pickled vegetables', 'House dressing'],
  [CATEGORY.salads]: ['House vinaigrette', 'Toasted seeds'],
  [CATEGORY.soups]: ['Sourdough roll'],
  [CATEGORY.sides]: ['Dipping sauce'],
  [CATEGORY.sandwiches]: ['Kettle chips', 'Dill pickle'],
  [CATEGORY.platters]: ['Serving utensils'],
  [CATEGORY.desserts]: ['Compostable plates'],
  [CATEGORY.drinks]: ['Cups & ice'],
};

type Pool = Partial<Record<Category, DishLine[]>>;

// Shared pools a concept can draw from besides its own dishes.
export const sharedPools = {
  drinks: {
    [CATEGORY.drinks]: [
      'Sparkling Water (355 ml)|2.75|VG GF DF NF|s|',
      'Cold-Pressed Orange Juice|5.5|VG GF DF NF|s|',
      'Assorted Soft Drinks|2.5|VG GF DF NF|s|',
      'Freshly Brewed Coffee Box (serves 10)|32|VG GF DF NF|t|Cream & milk;Sugar & sweetener',
      'Iced Tea Pitcher|18|VG GF DF NF|t|Lemon wedges',
      'Kombucha (Ginger)|5.25|VG GF DF NF|s|',
    ],
  },
  desserts: {
    [CATEGORY.desserts]: [
      'Assorted Cookie Platter (24 pcs)|38|V|t|Chocolate chip;Oatmeal raisin;Double chocolate',
      'Chocolate Fudge Brownies|4.25|V NF|s|',
      'Lemon Bars|4.5|V NF|s|',
      'Seasonal Fruit Platter|48|VG GF DF NF|t|Melon;Berries;Pineapple',
      'Mini Cupcakes (24 pcs)|44|V NF|t|Vanilla;Red velvet',
    ],
  },
  salads: {
    [CATEGORY.salads]: [
      'Classic Caesar Salad|11.5|NF|s|Parmesan;Garlic croutons',
      'Kale & Quinoa Salad|12.95|VG V GF DF|s|Lemon tahini;Toasted almonds',
      'Greek Village Salad|12.5|V GF NF|s|Feta;Kalamata olives',
      'Mixed Greens Salad Bowl (serves 10)|45|VG V GF DF NF|t|Balsamic vinaigrette;Cherry tomatoes',
      'Roasted Beet & Goat Cheese Salad|13.5|V GF|s|Candied walnuts;Honey vinaigrette',
      'Cobb Salad|15.5|GF NF KE|s|Bacon;Blue cheese;Soft egg',
    ],
  },
  sandwiches: {
    [CATEGORY.sandwiches]: [
      'Roast Turkey & Brie Sandwich|13.5|NF|s|Cranberry aioli;Arugula',
      'Grilled Chicken Caesar Wrap|13.25|NF|s|Romaine;Parmesan',
      'Roasted Vegetable Hummus Wrap|12.25|VG V DF NF|s|Hummus;Spinach',
      'Tuna Salad Croissant|12.75|P NF|s|Lettuce;Tomato',
      'Assorted Sandwich Platter (serves 10)|135|NF|t|Turkey club;Ham & Swiss;Caprese;Egg salad',
      'Assorted Wrap Platter (serves 10)|129|NF|t|Chicken Caesar;Falafel;Veggie hummus',
      'Egg Salad on Multigrain|10.5|V NF|s|Chives;Lettuce',
    ],
  },
  breakfast: {
    [CATEGORY.breakfast]: [
      'Continental Breakfast Box|14.5|V|s|Croissant;Yogurt parfait;Fresh fruit',
      'Assorted Muffin & Pastry Platter (12 pcs)|42|V|t|Blueberry muffins;Butter croissants;Danishes',
      'Greek Yogurt Parfait|6.5|V GF|s|Granola;Mixed berries',
      'Breakfast Burrito|10.95|NF|s|Scrambled eggs;Salsa roja',
      'Bagel & Cream Cheese Platter (12 pcs)|39|V NF|t|Plain & herb cream cheese;Sliced tomato',
      'Scrambled Egg & Bacon Breakfast Tray (serves 10)|145|GF NF|t|Home fries;Toast & butter',
      'Overnight Oats|7.25|VG V DF|s|Chia;Maple',
      'Egg & Cheddar English Muffin|7.95|V NF|s|',
    ],
  },
} satisfies Record<string, Pool>;
export type SharedPool = keyof typeof sharedPools;

export interface PresetTemplate {
  name: string;
  groups: string[];
  /** lines of [category, how many dishes, optional diet the dish must have] */
  lines: [Category, number, DietCode?][];
  guests: number[];
  description: string;
}

export interface Concept {
  key: string;
  cuisines: string[];
  names: string[];
  blurbs: string[];
  dishes: Pool;
  shared: SharedPool[];
  /** the first templates are the concept's signature presets and are always used first */
  presets: PresetTemplate[];
}

const G = GROUP;
const C = CATEGORY;
const P = (
  name: string,
  groups: string[],
  lines: PresetTemplate['lines'],
  description: string,
  guests = [10, 12, 15, 20],
): PresetTemplate => ({ name, groups, lines, guests, description });

export const concepts: Concept[] = [
  {
    key: 'italian',
    cuisines: ['Italian'],
    names: [
      'Trattoria Rossa',
      'Cucina Nonna',
      'Pasta Fresca',
      'Bella Tavola',
      'Il Forno',
      'Osteria Lupo',
      'Via Roma Kitchen',
      'Mangia Bene',
    ],
    blurbs: [
      'Hand-rolled pasta, wood-fired pizza and slow-cooked sauces from a family recipe book.',
      'A neighbourhood trattoria that has fed offices with honest Italian cooking for years.',
    ],
    dishes: {
      [C.mains]: [
        'Chicken Parmigiana|18.5|NF|s|Spaghetti pomodoro;Garlic focaccia',
        'Penne alla Vodka|15.95|V NF|s|Parmesan;Fresh basil',
        'Lasagna Bolognese|17.5|NF|s|Garlic bread;Side Caesar',
        'Wild Mushroom Risotto|16.95|V GF NF|s|Parmesan;Truffle oil',
        'Margherita Pizza (12 in)|19|V NF|s|Fresh basil;Chili flakes',
        'Spicy Soppressata Pizza (12 in)|22|NF|s|Hot honey;Chili flakes',
        'Baked Rigatoni Tray (serves 10)|95|V NF|t|Ricotta;Tomato sauce',
        'Salmon Piccata|23.95|P GF NF|s|Lemon caper sauce;Grilled asparagus',
        'Eggplant Parmigiana|16.5|V NF|s|Spaghetti pomodoro;Garlic focaccia',
      ],
      [C.salads]: [
        'Caprese Salad Platter|54|V GF NF|t|Buffalo mozzarella;Basil pesto',
        'Arugula & Shaved Parmesan Salad|11.5|V GF NF|s|Lemon vinaigrette',
      ],
      [C.sandwiches]: [
        'Italian Cold Cut Panini|14.5|NF|s|Provolone;Hot peppers',
        'Grilled Vegetable Focaccia|13.25|V NF|s|Pesto aioli',
      ],
      [C.desserts]: ['Tiramisu|7.5|V NF|s|', 'Cannoli Tray (12 pcs)|42|V|t|Chocolate chip;Pistachio'],
    },
    shared: ['drinks', 'salads'],
    presets: [
      P(
        'Pasta Bar Lunch',
        [G.hotBuffet],
        [
          [C.mains, 3],
          [C.salads, 1],
          [C.desserts, 1],
        ],
        'Two or three pastas served family style with a crisp salad and tiramisu to finish.',
      ),
      P(
        'Panini & Salad Lunch',
        [G.sandwichSalad],
        [
          [C.sandwiches, 2],
          [C.salads, 1],
        ],
        'Pressed paninis on house focaccia with a fresh Italian salad.',
      ),
      P(
        'Italian Vegetarian Feast',
        [G.vegetarian],
        [
          [C.mains, 2, 'V'],
          [C.salads, 1, 'V'],
          [C.desserts, 1],
        ],
        'Meat-free Italian classics: eggplant parm, risotto and caprese.',
      ),
      P(
        'Pizza Party',
        [G.celebrations],
        [
          [C.mains, 3],
          [C.desserts, 1],
          [C.drinks, 1],
        ],
        'A stack of pizzas, cannoli and drinks for the whole team.',
        [15, 20, 25, 30],
      ),
    ],
  },
  {
    key: 'mediterranean',
    cuisines: ['Mediterranean', 'Middle Eastern'],
    names: [
      'Olive & Fig',
      'Sumac Grill',
      'Zaatar House',
      'Levant Kitchen',
      'Pita Pit Stop',
      'Cedar & Lemon',
      'Mezze Co.',
      'Aleppo Table',
    ],
    blurbs: [
      'Charcoal-grilled skewers, warm pitas and bright mezze made fresh every morning.',
      'Halal Mediterranean cooking with generous salads and house-made dips.',
    ],
    dishes: {
      [C.bowls]: [
        'Chicken Shawarma Bowl|15.95|H GF DF NF|s|Turmeric rice;Garlic toum;Pickled turnip',
        'Falafel Bowl|13.95|VG V DF NF|s|Tabbouleh;Tahini;Hummus',
        'Beef Kofta Bowl|16.95|H GF NF|s|Saffron rice;Tzatziki',
        'Grilled Halloumi Bowl|14.95|V GF NF|s|Quinoa;Roasted peppers',
      ],
      [C.mains]: [
        'Mixed Grill Platter (serves 10)|185|H GF DF NF|t|Chicken taouk;Kofta;Garlic potatoes',
        'Chicken Taouk Plate|17.5|H GF DF NF|s|Rice pilaf;Fattoush',
      ],
      [C.sandwiches]: [
        'Chicken Shawarma Wrap|12.5|H DF NF|s|Garlic toum;Pickles',
        'Falafel Wrap|10.95|VG V DF NF|s|Tahini;Parsley',
      ],
      [C.salads]: [
        'Fattoush Salad|10.5|VG V DF NF|s|Sumac dressing;Pita chips',
        'Tabbouleh|9.95|VG V DF NF|s|Lemon;Mint',
      ],
      [C.platters]: [
        'Mezze Platter (serves 10)|79|V NF|t|Hummus;Baba ghanoush;Warm pita',
        'Grape Leaves (24 pcs)|36|VG V GF DF NF|t|Lemon wedges',
      ],
      [C.desserts]: ['Baklava (12 pcs)|28|V|t|Pistachio;Walnut'],
    },
    shared: ['drinks'],
    presets: [
      P(
        'Mediterranean Power Bowls',
        [G.healthyLunch],
        [
          [C.bowls, 3],
          [C.salads, 1],
        ],
        'Grilled protein bowls over herbed grains with crunchy salads.',
      ),
      P(
        'Shawarma & Falafel Wrap Lunch',
        [G.sandwichSalad],
        [
          [C.sandwiches, 2],
          [C.salads, 1],
        ],
        'Wraps rolled to order with a fattoush on the side.',
      ),
      P(
        'Mezze Spread',
        [G.vegetarian, G.snacks],
        [
          [C.platters, 2],
          [C.salads, 1, 'V'],
        ],
        'Dips, grape leaves and warm pita for grazing.',
      ),
      P(
        'Mediterranean Grill Buffet',
        [G.hotBuffet],
        [
          [C.mains, 2],
          [C.salads, 2],
          [C.desserts, 1],
        ],
        'Skewers, pilaf and salads served hot in chafing trays.',
      ),
    ],
  },
  {
    key: 'greek',
    cuisines: ['Greek', 'Mediterranean'],
    names: ['Souvlaki Bros', 'Mykonos Taverna', 'Athena Grill', 'Olympia Kitchen', 'Kalamata Corner', 'Santorini Eats'],
    blurbs: [
      'Souvlaki grilled over charcoal, lemon potatoes and salads the way yiayia made them.',
      'A taverna on the Danforth tradition: generous, herby and bright.',
    ],
    dishes: {
      [C.mains]: [
        'Chicken Souvlaki Plate|17.95|GF NF|s|Lemon potatoes;Tzatziki;Rice',
        'Pork Souvlaki Plate|17.5|GF NF|s|Lemon potatoes;Tzatziki',
        'Moussaka|18.5|NF|s|Greek salad side',
        'Spanakopita Tray (serves 10)|69|V NF|t|Tzatziki',
        'Grilled Salmon with Lemon Oregano|22.95|P GF NF KE|s|Horta;Lemon potatoes',
      ],
      [C.bowls]: [
        'Chicken Souvlaki Bowl|15.5|GF NF|s|Orzo;Tzatziki',
        'Greek Quinoa Bowl|13.95|V GF NF|s|Feta;Cucumber;Olives',
      ],
      [C.sandwiches]: ['Chicken Gyro Pita|11.95|NF|s|Tzatziki;Tomato;Onion', 'Halloumi Pita|11.5|V NF|s|Tomato;Mint'],
      [C.sides]: ['Lemon Roasted Potatoes|6.5|VG V GF DF NF|s|', 'Spanakopita Triangles (12 pcs)|30|V NF|t|'],
      [C.desserts]: ['Galaktoboureko|6.95|V NF|s|', 'Loukoumades|7.5|V|s|Honey;Cinnamon'],
    },
    shared: ['drinks', 'salads'],
    presets: [
      P(
        'Greek Souvlaki Lunch',
        [G.healthyLunch],
        [
          [C.bowls, 2],
          [C.salads, 1],
        ],
        'Charcoal-grilled souvlaki bowls with Greek salad.',
      ),
      P(
        'Gyro Pita & Greek Salad',
        [G.sandwichSalad],
        [
          [C.sandwiches, 2],
          [C.salads, 1],
        ],
        'Warm pitas stuffed to order and a big village salad.',
      ),
      P(
        'Taverna Buffet',
        [G.hotBuffet],
        [
          [C.mains, 3],
          [C.sides, 1],
          [C.desserts, 1],
        ],
        'Souvlaki, moussaka and lemon potatoes, served hot.',
      ),
    ],
  },
  {
    key: 'indian',
    cuisines: ['Indian'],
    names: [
      'Masala House',
      'Tandoor & Co.',
      'Saffron Kitchen',
      'Bombay Bistro',
      'Chennai Spice',
      'Punjabi Dhaba',
      'Curry Leaf',
    ],
    blurbs: [
      'North and South Indian curries, tandoor breads and slow-simmered dals.',
      'Spices toasted and ground in house; every curry can be made mild or hot.',
    ],
    dishes: {
      [C.mains]: [
        'Butter Chicken|17.5|H GF NF|s|Basmati rice;Naan',
        'Chana Masala|13.95|VG V GF DF NF|s|Jeera rice',
        'Palak Paneer|15.5|V GF NF|s|Basmati rice;Naan',
        'Lamb Rogan Josh|19.95|H GF DF NF|s|Basmati rice',
        'Chicken Biryani Tray (serves 10)|145|H GF NF|t|Raita;Mirchi salan',
        'Dal Makhani|13.5|V GF NF|s|Jeera rice',
        'Vegetable Korma|14.5|V GF|s|Basmati rice',
        'Tandoori Chicken (8 pcs)|24|H GF NF KE|s|Mint chutney;Onion salad',
      ],
      [C.sides]: [
        'Garlic Naan|3.5|V NF|s|',
        'Vegetable Samosas (2 pcs)|6.5|VG V DF NF|s|Tamarind chutney',
        'Onion Bhaji|6.95|VG V GF DF NF|s|Mint chutney',
      ],
      [C.salads]: ['Kachumber Salad|7.5|VG V GF DF NF|s|Lime;Chaat masala'],
      [C.desserts]: ['Gulab Jamun|5.5|V NF|s|', 'Mango Kulfi|5.95|V GF|s|'],
      [C.drinks]: ['Mango Lassi|5.5|V GF NF|s|'],
    },
    shared: ['drinks'],
    presets: [
      P(
        'Indian Curry Buffet',
        [G.hotBuffet],
        [
          [C.mains, 3],
          [C.sides, 2],
          [C.desserts, 1],
        ],
        'Three curries, rice, naan and samosas served hot.',
      ),
      P(
        'Vegetarian Thali Lunch',
        [G.vegetarian],
        [
          [C.mains, 3, 'V'],
          [C.sides, 1],
          [C.salads, 1],
        ],
        'Chana masala, palak paneer and dal with all the trimmings.',
      ),
      P(
        'Tandoori Protein Lunch',
        [G.healthyLunch],
        [
          [C.mains, 2, 'GF'],
          [C.salads, 1],
        ],
        'Tandoor-grilled proteins with a crunchy kachumber salad.',
      ),
      P(
        'Samosa & Chai Break',
        [G.snacks],
        [
          [C.sides, 2],
          [C.drinks, 1],
        ],
        'Crispy samosas and bhajis for the afternoon slump.',
      ),
    ],
  },
  {
    key: 'japanese',
    cuisines: ['Japanese'],
    names: ['Sakura Sushi', 'Kaizen Kitchen', 'Umami Box', 'Nori & Rice', 'Hanami Bento', 'Maki Mono'],
    blurbs: [
      'Sushi rolled by hand each morning and bento boxes built for desk lunches.',
      'Japanese comfort food: teriyaki, katsu and poke bowls.',
    ],
    dishes: {
      [C.platters]: [
        'Sushi Party Platter (60 pcs)|119|P DF NF|t|California rolls;Salmon maki;Cucumber maki',
        'Vegetarian Maki Platter (48 pcs)|79|VG V DF NF|t|Avocado;Cucumber;Sweet potato tempura',
      ],
      [C.bowls]: [
        'Salmon Poke Bowl|17.5|P GF DF NF|s|Sushi rice;Edamame;Seaweed salad',
        'Tofu Poke Bowl|14.5|VG V DF NF|s|Brown rice;Pickled ginger',
        'Chicken Teriyaki Bowl|15.95|DF NF|s|Steamed rice;Broccoli',
      ],
      [C.mains]: [
        'Chicken Katsu Bento|17.95|DF NF|s|Rice;Gyoza;Salad',
        'Salmon Teriyaki Bento|21.5|P DF NF|s|Rice;Edamame;Salad',
        'Vegetable Tempura Bento|15.95|V DF NF|s|Rice;Miso soup',
      ],
      [C.soups]: ['Miso Soup|3.95|VG V DF NF|s|Tofu;Wakame'],
      [C.sides]: ['Edamame|5.5|VG V GF DF NF|s|Sea salt', 'Pork Gyoza (6 pcs)|8.5|DF NF|s|Ponzu'],
      [C.desserts]: ['Mochi Ice Cream (6 pcs)|9.5|V GF|s|Matcha;Mango;Strawberry'],
    },
    shared: ['drinks'],
    presets: [
      P(
        'Poke Bowl Lunch',
        [G.healthyLunch],
        [
          [C.bowls, 3],
          [C.sides, 1],
        ],
        'Build-your-own style poke bowls with fresh fish and tofu.',
      ),
      P(
        'Bento Box Lunch',
        [G.hotBuffet],
        [
          [C.mains, 3],
          [C.soups, 1],
        ],
        'Individually packed bentos for every guest.',
      ),
      P(
        'Sushi Celebration Platters',
        [G.celebrations],
        [
          [C.platters, 2],
          [C.sides, 1],
          [C.desserts, 1],
        ],
        'Party-size sushi platters with edamame and mochi.',
      ),
      P(
        'Plant-Based Sushi & Bowls',
        [G.vegetarian],
        [
          [C.platters, 1, 'V'],
          [C.bowls, 1, 'V'],
          [C.sides, 1, 'V'],
        ],
        'All-vegetable maki and tofu bowls.',
      ),
    ],
  },
  {
    key: 'chinese',
    cuisines: ['Chinese'],
    names: ['Golden Dragon', 'Jade Garden', 'Red Lantern', 'Wok This Way', 'Sichuan House', 'Dim Sum Daily'],
    blurbs: [
      'Wok-fired Cantonese and Sichuan favourites served steaming hot.',
      'Dim sum folded by hand and noodles pulled to order.',
    ],
    dishes: {
      [C.mains]: [
        'General Tso Chicken|16.5|DF NF|s|Steamed rice',
        'Beef & Broccoli|17.5|DF NF|s|Steamed rice',
        'Mapo Tofu|14.5|V DF NF|s|Steamed rice',
        'Kung Pao Chicken|16.95|DF|s|Steamed rice',
        'Black Pepper Shrimp|19.5|P DF NF|s|Fried rice',
        'Vegetable Lo Mein Tray (serves 10)|79|V DF NF|t|Scallions',
      ],
      [C.sides]: [
        'Vegetable Spring Rolls (2 pcs)|5.5|VG V DF NF|s|Plum sauce',
        'Shrimp Har Gow (4 pcs)|7.95|P DF NF|s|Soy dip',
        'Pork Siu Mai (4 pcs)|7.5|DF NF|s|Chili oil',
        'Yangzhou Fried Rice|8.5|DF NF|s|',
      ],
      [C.soups]: ['Hot & Sour Soup|5.5|DF NF|s|'],
      [C.desserts]: ['Egg Tarts (6 pcs)|12|V NF|s|', 'Sesame Balls (6 pcs)|9.5|VG V DF|s|'],
    },
    shared: ['drinks'],
    presets: [
      P(
        'Wok Lunch Buffet',
        [G.hotBuffet],
        [
          [C.mains, 3],
          [C.sides, 2],
        ],
        'Three wok dishes with fried rice and spring rolls.',
      ),
      P(
        'Dim Sum Office Party',
        [G.celebrations, G.snacks],
        [
          [C.sides, 3],
          [C.desserts, 1],
        ],
        'Har gow, siu mai and egg tarts for a crowd.',
        [15, 20, 25],
      ),
      P(
        'Vegetarian Wok Lunch',
        [G.vegetarian],
        [
          [C.mains, 2, 'V'],
          [C.sides, 1, 'V'],
        ],
        'Mapo tofu, lo mein and crispy spring rolls.',
      ),
    ],
  },
  {
    key: 'thai',
    cuisines: ['Thai'],
    names: ['Bangkok Garden', 'Lemongrass Kitchen', 'Siam Street', 'Thai Basil', 'Coconut Lime', 'Chili & Jasmine'],
    blurbs: [
      'Thai street food made with fresh herbs, curry pastes pounded in house.',
      'Bright curries, crunchy salads and pad thai that travels well.',
    ],
    dishes: {
      [C.mains]: [
        'Chicken Pad Thai|16.5|DF|s|Peanuts;Lime',
        'Green Curry Chicken|17.5|GF DF NF|s|Jasmine rice',
        'Red Curry Tofu|15.5|VG V GF DF NF|s|Jasmine rice',
        'Massaman Beef|18.95|GF DF|s|Jasmine rice',
        'Pad See Ew Tray (serves 10)|95|DF NF|t|Chinese broccoli',
        'Basil Chicken (Pad Krapow)|16.95|DF NF|s|Fried egg;Jasmine rice',
      ],
      [C.salads]: [
        'Green Papaya Salad|11.5|VG V GF DF|s|Peanuts;Lime',
        'Thai Mango Salad|11.95|VG V GF DF NF|s|Cashew-free crunch',
      ],
      [C.bowls]: [
        'Lemongrass Chicken Rice Bowl|15.5|GF DF NF|s|Jasmine rice;Cucumber salad',
        'Larb Gai Lettuce Bowl|15.95|GF DF NF KE|s|Herbs;Lime',
      ],
      [C.sides]: [
        'Fresh Rolls (2 pcs)|7.5|VG V GF DF|s|Peanut sauce',
        'Chicken Satay (4 pcs)|9.5|GF DF|s|Peanut sauce',
      ],
      [C.desserts]: ['Mango Sticky Rice|7.95|VG V GF DF NF|s|'],
    },
    shared: ['drinks'],
    presets: [
      P(
        'Thai Curry Buffet',
        [G.hotBuffet],
        [
          [C.mains, 3],
          [C.sides, 1],
          [C.desserts, 1],
        ],
        'Green and red curries with pad thai and jasmine rice.',
      ),
      P(
        'Thai Fresh & Light Lunch',
        [G.healthyLunch],
        [
          [C.bowls, 2],
          [C.salads, 1],
        ],
        'Herb-packed rice bowls and a tangy papaya salad.',
      ),
      P(
        'Thai Vegan Lunch',
        [G.vegetarian],
        [
          [C.mains, 1, 'VG'],
          [C.salads, 2, 'VG'],
          [C.desserts, 1],
        ],
        'Red curry tofu, mango salad and mango sticky rice.',
      ),
    ],
  },
  {
    key: 'vietnamese',
    cuisines: ['Vietnamese'],
    names: ['Pho Real', 'Saigon Kitchen', 'Banh Mi Boys Club', 'Lotus Leaf', 'Hanoi 36', 'Little Saigon Deli'],
    blurbs: [
      'Banh mi on crackly baguettes, vermicelli bowls and fresh rolls.',
      'Vietnamese home cooking: fragrant, fresh and light.',
    ],
    dishes: {
      [C.sandwiches]: [
        'Lemongrass Chicken Banh Mi|11.5|DF NF|s|Pickled daikon;Cilantro;Jalapeño',
        'Tofu Banh Mi|10.5|VG V DF NF|s|Pickled carrot;Cilantro',
        'Grilled Pork Banh Mi|11.95|DF NF|s|Pâté;Pickles',
      ],
      [C.bowls]: [
        'Lemongrass Chicken Vermicelli|15.5|GF DF NF|s|Herbs;Nuoc cham',
        'Tofu Vermicelli Bowl|13.95|VG V GF DF NF|s|Herbs;Peanut-free sauce',
        'Grilled Shrimp Vermicelli|16.95|P GF DF NF|s|Nuoc cham',
      ],
      [C.soups]: ['Beef Pho|15.95|GF DF NF|s|Bean sprouts;Thai basil;Lime'],
      [C.sides]: [
        'Fresh Salad Rolls (2 pcs)|7.5|GF DF NF|s|Hoisin dip',
        'Crispy Spring Rolls (4 pcs)|8.5|DF NF|s|Nuoc cham',
      ],
      [C.salads]: ['Vietnamese Chicken Slaw|12.5|GF DF NF|s|Mint;Crispy shallots'],
    },
    shared: ['drinks', 'desserts'],
    presets: [
      P(
        'Banh Mi & Salad Lunch',
        [G.sandwichSalad],
        [
          [C.sandwiches, 3],
          [C.salads, 1],
        ],
        'Crackly baguettes with three fillings and a bright slaw.',
      ),
      P(
        'Vermicelli Bowl Lunch',
        [G.healthyLunch],
        [
          [C.bowls, 3],
          [C.sides, 1],
        ],
        'Cool noodle bowls with grilled proteins and herbs.',
      ),
      P(
        'Fresh Roll Snack Box',
        [G.snacks],
        [
          [C.sides, 2],
          [C.drinks, 1],
        ],
        'Rice-paper rolls and spring rolls for sharing.',
      ),
    ],
  },
  {
    key: 'korean',
    cuisines: ['Korean'],
    names: ['Seoul Bowl', 'Kimchi Table', 'Gochu Grill', 'Bibim Box', 'Hanok Kitchen', 'Bulgogi Brothers'],
    blurbs: [
      'Korean barbecue flavours and bibimbap built for office lunches.',
      'Bulgogi marinated overnight, banchan made fresh daily.',
    ],
    dishes: {
      [C.bowls]: [
        'Beef Bulgogi Bibimbap|17.5|DF NF|s|Kimchi;Soft egg;Rice',
        'Tofu Bibimbap|14.95|V DF NF|s|Kimchi;Rice',
        'Spicy Pork Rice Bowl|16.5|DF NF|s|Gochujang;Rice',
        'Chicken Bulgogi Bowl|15.95|DF NF|s|Rice;Pickled radish',
      ],
      [C.mains]: [
        'Korean Fried Chicken (10 pcs)|24|DF NF|s|Yangnyeom sauce;Pickled radish',
        'Japchae Tray (serves 10)|79|V DF NF|t|Glass noodles;Vegetables',
        'Galbi Short Rib Plate|26|DF NF|s|Rice;Banchan',
      ],
      [C.sides]: [
        'Kimchi Pancake|9.5|VG V DF NF|s|Soy dip',
        'Vegetable Mandu (6 pcs)|8.5|VG V DF NF|s|Soy dip',
        'Banchan Trio|6.5|VG V GF DF NF|s|Kimchi;Spinach;Bean sprouts',
      ],
    },
    shared: ['drinks', 'salads', 'desserts'],
    presets: [
      P(
        'Bibimbap Lunch',
        [G.healthyLunch],
        [
          [C.bowls, 3],
          [C.sides, 1],
        ],
        'Colourful rice bowls with banchan on the side.',
      ),
      P(
        'Korean BBQ Buffet',
        [G.hotBuffet],
        [
          [C.mains, 2],
          [C.bowls, 1],
          [C.sides, 1],
        ],
        'Fried chicken, galbi and japchae for a hungry team.',
      ),
      P(
        'K-Food Party Pack',
        [G.celebrations],
        [
          [C.mains, 2],
          [C.sides, 2],
          [C.desserts, 1],
        ],
        'Crispy chicken, mandu and pancakes to share.',
        [15, 20, 25],
      ),
    ],
  },
  {
    key: 'mexican',
    cuisines: ['Mexican'],
    names: ['La Cantina', 'Taqueria Sol', 'El Jefe', 'Casa Verde', 'Burrito Libre', 'Tacos La Güera'],
    blurbs: [
      'Taco bars with hand-pressed tortillas, salsas and slow-braised fillings.',
      'Mexico City street food: al pastor, barbacoa and bright salsas.',
    ],
    dishes: {
      [C.mains]: [
        'Taco Bar (serves 10)|165|GF NF|t|Corn tortillas;Salsa verde;Pickled onions',
        'Chicken Enchiladas|16.5|GF NF|s|Rice;Beans',
        'Barbacoa Beef Tacos (3)|15.95|GF DF NF|s|Salsa roja;Cilantro',
        'Mushroom & Poblano Tacos (3)|13.95|VG V GF DF NF|s|Salsa verde',
      ],
      [C.bowls]: [
        'Chicken Burrito Bowl|15.5|GF NF|s|Cilantro rice;Black beans;Pico',
        'Sofritas Bowl|13.95|VG V GF DF NF|s|Brown rice;Fajita vegetables',
        'Carne Asada Bowl|17.5|GF DF NF|s|Rice;Guacamole',
      ],
      [C.sandwiches]: [
        'Chicken Burrito|13.5|NF|s|Rice;Beans;Cheese',
        'Veggie Burrito|12.5|V NF|s|Rice;Beans;Guacamole',
      ],
      [C.sides]: ['Chips & Guacamole|8.5|VG V GF DF NF|s|', 'Elote Cups|6.5|V GF NF|s|Cotija;Lime'],
      [C.desserts]: ['Churros with Chocolate|7.5|V NF|s|'],
    },
    shared: ['drinks', 'salads'],
    presets: [
      P(
        'Build-Your-Own Taco Bar',
        [G.hotBuffet, G.celebrations],
        [
          [C.mains, 2],
          [C.sides, 2],
          [C.desserts, 1],
        ],
        'Braised fillings, tortillas and every topping.',
      ),
      P(
        'Burrito Bowl Lunch',
        [G.healthyLunch],
        [
          [C.bowls, 3],
          [C.sides, 1],
        ],
        'Protein bowls over cilantro rice with fresh pico.',
      ),
      P(
        'Burrito & Salad Lunch',
        [G.sandwichSalad],
        [
          [C.sandwiches, 2],
          [C.salads, 1],
        ],
        'Foil-wrapped burritos with a fresh salad.',
      ),
    ],
  },
  {
    key: 'caribbean',
    cuisines: ['Caribbean'],
    names: ['Island Spice', 'Jerk Pit', 'Roti Shack', 'Scotch Bonnet', 'Trini Kitchen', 'Yard Food Co.'],
    blurbs: [
      'Jerk chicken from a charcoal drum, curry goat and roti the Trini way.',
      'Caribbean flavours: allspice, thyme and scotch bonnet heat.',
    ],
    dishes: {
      [C.mains]: [
        'Jerk Chicken|17.5|GF DF NF|s|Rice & peas;Festival',
        'Curry Goat|19.5|GF DF NF|s|Rice & peas',
        'Oxtail Stew|23.5|GF DF NF|s|Rice & peas;Plantain',
        'Jerk Chicken Tray (serves 10)|155|GF DF NF|t|Rice & peas;Coleslaw',
        'Chickpea & Potato Curry|14.5|VG V GF DF NF|s|White rice',
      ],
      [C.sandwiches]: [
        'Chicken Roti|14.5|DF NF|s|Potato;Chickpeas',
        'Doubles (2 pcs)|7.5|VG V DF NF|s|Tamarind;Cucumber',
      ],
      [C.sides]: [
        'Fried Plantain|5.5|VG V GF DF NF|s|',
        'Beef Patties (2 pcs)|7|NF|s|',
        'Rice & Peas|5|VG V GF DF NF|s|',
      ],
      [C.desserts]: ['Rum Cake Slice|6.5|V|s|'],
    },
    shared: ['drinks', 'salads'],
    presets: [
      P(
        'Caribbean Jerk Buffet',
        [G.hotBuffet],
        [
          [C.mains, 3],
          [C.sides, 2],
        ],
        'Jerk chicken, curry and rice & peas, served hot.',
      ),
      P(
        'Island Celebration',
        [G.celebrations],
        [
          [C.mains, 2],
          [C.sides, 2],
          [C.desserts, 1],
        ],
        'A festive spread with patties and rum cake.',
        [15, 20, 30],
      ),
      P(
        'Roti Lunch',
        [G.sandwichSalad],
        [
          [C.sandwiches, 2],
          [C.salads, 1],
        ],
        'Soft roti wraps with a crisp salad.',
      ),
    ],
  },
  {
    key: 'ethiopian',
    cuisines: ['Ethiopian', 'Vegan'],
    names: ['Addis Table', 'Injera House', 'Lalibela Kitchen', 'Blue Nile Café', 'Abyssinia', 'Merkato Kitchen'],
    blurbs: [
      'Ethiopian stews on sour injera, much of it naturally vegan.',
      'Berbere-spiced dishes made to share from one big platter.',
    ],
    dishes: {
      [C.mains]: [
        'Vegetarian Combo Platter (serves 4)|48|VG V DF NF|t|Misir wot;Gomen;Shiro;Injera',
        'Doro Wot|19.5|GF DF NF|s|Injera;Egg',
        'Beef Tibs|20.5|GF DF NF|s|Injera;Awaze',
        'Misir Wot|13.5|VG V GF DF NF|s|Injera',
        'Shiro|13|VG V GF DF NF|s|Injera',
      ],
      [C.sides]: [
        'Extra Injera (3 pcs)|4.5|VG V GF DF NF|s|',
        'Lentil Sambusa (2 pcs)|6.5|VG V DF NF|s|Awaze dip',
        'Gomen (Collard Greens)|7|VG V GF DF NF|s|',
      ],
      [C.salads]: ['Timatim Salad|8.5|VG V GF DF NF|s|Jalapeño;Lime'],
    },
    shared: ['drinks', 'desserts'],
    presets: [
      P(
        'Ethiopian Vegan Feast',
        [G.vegetarian, G.hotBuffet],
        [
          [C.mains, 3, 'VG'],
          [C.sides, 1],
          [C.salads, 1],
        ],
        'A colourful spread of lentils, greens and shiro on injera.',
      ),
      P(
        'Ethiopian Sharing Lunch',
        [G.hotBuffet],
        [
          [C.mains, 3],
          [C.sides, 2],
        ],
        'Doro wot, tibs and vegetable stews to share.',
      ),
      P(
        'Sambusa Snack Break',
        [G.snacks],
        [
          [C.sides, 2],
          [C.drinks, 1],
        ],
        'Crispy lentil sambusas and drinks.',
      ),
    ],
  },
  {
    key: 'french',
    cuisines: ['French', 'Breakfast'],
    names: ['Boulangerie Lune', 'Café Paris', 'Le Petit Four', 'Maison Beurre', 'Pain & Co.', 'Croissant Collective'],
    blurbs: [
      'Croissants laminated by hand overnight and a proper French bistro lunch.',
      'A boulangerie baking baguettes, quiches and pastries since dawn.',
    ],
    dishes: {
      [C.breakfast]: [
        'Croissant & Viennoiserie Platter (12 pcs)|46|V|t|Butter croissants;Pain au chocolat;Almond croissants',
        'Quiche Lorraine Slice|8.5|NF|s|Side greens',
        'Spinach & Gruyère Quiche Slice|8.25|V NF|s|Side greens',
        'Ham & Cheese Croissant|7.95|NF|s|',
      ],
      [C.sandwiches]: [
        'Jambon-Beurre Baguette|11.5|NF|s|Cornichons',
        'Chicken Brie & Apple Baguette|13.25|NF|s|Dijon',
        'Provençal Veggie Baguette|11.95|V NF|s|Tapenade;Goat cheese',
      ],
      [C.mains]: ['Coq au Vin|22.5|GF DF NF|s|Mashed potatoes', 'Ratatouille Gratin|16.5|V GF NF|s|Herbed rice'],
      [C.salads]: [
        'Niçoise Salad|15.5|P GF DF NF|s|Tuna;Egg;Olives',
        'Lentil & Chèvre Salad|12.95|V GF NF|s|Dijon vinaigrette',
      ],
      [C.desserts]: [
        'Macaron Box (12 pcs)|30|V GF|t|Raspberry;Pistachio;Chocolate',
        'Tarte au Citron Slice|6.95|V NF|s|',
      ],
    },
    shared: ['drinks'],
    presets: [
      P(
        'French Bakery Breakfast',
        [G.corporateBreakfast],
        [
          [C.breakfast, 3],
          [C.drinks, 1],
        ],
        'Fresh croissants, quiches and coffee to start the day.',
      ),
      P(
        'Baguette Sandwich & Salad Lunch',
        [G.sandwichSalad],
        [
          [C.sandwiches, 2],
          [C.salads, 1],
        ],
        'Classic baguettes with a Niçoise or lentil salad.',
      ),
      P(
        'Afternoon Pâtisserie',
        [G.snacks, G.celebrations],
        [
          [C.desserts, 2],
          [C.drinks, 1],
        ],
        'Macarons and lemon tarts with coffee.',
      ),
      P(
        'Bistro Lunch',
        [G.hotBuffet],
        [
          [C.mains, 2],
          [C.salads, 1],
          [C.desserts, 1],
        ],
        'Coq au vin and ratatouille, bistro style.',
      ),
    ],
  },
  {
    key: 'breakfast',
    cuisines: ['Breakfast', 'Canadian'],
    names: ['Sunny Side Up', 'Morning Glory Café', 'Rise & Dine', 'The Early Bird', 'Maple & Oat', 'Good Egg Kitchen'],
    blurbs: [
      'Breakfast for early meetings: hot trays, fresh fruit and strong coffee.',
      'All-day breakfast caterer with a soft spot for buttermilk pancakes.',
    ],
    dishes: {
      [C.breakfast]: [
        'Buttermilk Pancake Tray (serves 10)|85|V NF|t|Maple syrup;Berries',
        'Eggs Benedict|14.5|NF|s|Home fries',
        'Avocado Toast|11.5|VG V DF NF|s|Chili flakes;Microgreens',
        'Veggie Frittata Slice|9.5|V GF NF|s|Side greens',
        'Smoked Salmon Bagel|13.5|P NF|s|Capers;Red onion',
        'Steel-Cut Oatmeal Bar (serves 10)|55|VG V DF|t|Brown sugar;Nuts;Berries',
      ],
      [C.sides]: ['Home Fries|5.5|VG V GF DF NF|s|', 'Turkey Sausage Links|5.95|GF DF NF|s|'],
      [C.drinks]: ['Fresh Fruit Smoothie|7.5|VG V GF DF NF|s|Banana;Berries'],
    },
    shared: ['breakfast', 'drinks', 'desserts'],
    presets: [
      P(
        'Executive Hot Breakfast',
        [G.corporateBreakfast],
        [
          [C.breakfast, 3],
          [C.sides, 1],
          [C.drinks, 1],
        ],
        'Pancakes, eggs and home fries, kept hot for your meeting.',
      ),
      P(
        'Light & Healthy Breakfast',
        [G.corporateBreakfast, G.healthyLunch],
        [
          [C.breakfast, 3, 'V'],
          [C.drinks, 1],
        ],
        'Parfaits, oatmeal and avocado toast.',
      ),
      P(
        'Continental Breakfast',
        [G.corporateBreakfast],
        [
          [C.breakfast, 2],
          [C.drinks, 2],
        ],
        'Pastries, fruit and coffee for a morning meeting.',
      ),
      P(
        'Muffin & Fruit Break',
        [G.snacks],
        [
          [C.breakfast, 1],
          [C.desserts, 1],
          [C.drinks, 1],
        ],
        'Something sweet and fresh for the afternoon.',
      ),
    ],
  },
  {
    key: 'deli',
    cuisines: ['Sandwiches', 'American'],
    names: [
      'Corner Deli',
      'Rye & Mustard',
      'The Sandwich Society',
      'Stacked Deli',
      'Pickle Barrel',
      'Bread & Butter Co.',
    ],
    blurbs: [
      'Deli sandwiches stacked high on bread from the bakery next door.',
      'Sandwich platters, soups and salads for meetings of any size.',
    ],
    dishes: {
      [C.sandwiches]: [
        'Pastrami on Rye|15.5|DF NF K|s|Deli mustard;Pickle',
        'Classic Club Sandwich|14.25|NF|s|Turkey;Bacon;Tomato',
        'Chicken Pesto Ciabatta|13.95||s|Mozzarella;Roasted peppers',
        'Caprese Baguette|12.5|V NF|s|Basil;Balsamic',
      ],
      [C.soups]: ['Chicken Noodle Soup|6.5|DF NF|s|', 'Tomato Basil Soup|6.25|VG V GF DF NF|s|'],
      [C.platters]: [
        'Deli Meat & Cheese Platter (serves 10)|95|GF NF|t|Crackers;Grainy mustard',
        'Crudités & Dip Platter (serves 10)|49|V GF NF|t|Ranch;Hummus',
      ],
      [C.breakfast]: ['Bagel Breakfast Sandwich|8.5|NF|s|Egg;Cheddar'],
    },
    shared: ['sandwiches', 'salads', 'drinks', 'desserts', 'breakfast'],
    presets: [
      P(
        'Classic Sandwich & Salad Lunch',
        [G.sandwichSalad],
        [
          [C.sandwiches, 3],
          [C.salads, 1],
          [C.desserts, 1],
        ],
        'Assorted deli sandwiches with a salad and cookies.',
      ),
      P(
        'Boxed Sandwich Lunch',
        [G.sandwichSalad],
        [
          [C.sandwiches, 2],
          [C.salads, 1],
          [C.drinks, 1],
        ],
        'Individually packed sandwiches, salads and a drink.',
      ),
      P(
        'Bagel Breakfast',
        [G.corporateBreakfast],
        [
          [C.breakfast, 2],
          [C.drinks, 1],
        ],
        'Bagels, breakfast sandwiches and coffee.',
      ),
      P(
        'Soup & Sandwich Lunch',
        [G.sandwichSalad, G.hotBuffet],
        [
          [C.sandwiches, 2],
          [C.soups, 1],
        ],
        'A warm soup with half sandwiches.',
      ),
      P(
        'Meeting Snack Platters',
        [G.snacks],
        [
          [C.platters, 2],
          [C.drinks, 1],
        ],
        'Deli and crudités platters for grazing.',
      ),
    ],
  },
  {
    key: 'healthy',
    cuisines: ['Healthy'],
    names: ['Green Fork', 'Fuel Kitchen', 'Harvest Bowl', 'Root & Grain', 'Lean Machine Meals', 'Balance Eatery'],
    blurbs: [
      'Nutritionist-designed bowls and salads with macros on every label.',
      'Seasonal produce, whole grains and lean proteins, never boring.',
    ],
    dishes: {
      [C.bowls]: [
        'Chicken Quinoa Power Bowl|16.5|GF DF NF|s|Kale;Sweet potato;Tahini',
        'Salmon Soba Bowl|18.5|P DF NF|s|Edamame;Miso dressing',
        'Tofu Buddha Bowl|14.5|VG V GF DF NF|s|Brown rice;Roasted vegetables',
        'Steak & Sweet Potato Bowl|18.95|GF DF NF KE|s|Chimichurri;Greens',
        'Keto Cauliflower Rice Bowl|15.95|GF DF NF KE|s|Chicken;Avocado',
      ],
      [C.salads]: [
        'Harvest Salad|13.5|V GF|s|Apple;Squash;Maple vinaigrette',
        'Green Goddess Salad|12.95|V GF NF|s|Herb dressing',
      ],
      [C.sandwiches]: [
        'Grilled Chicken & Avocado Wrap|13.95|DF NF|s|Whole wheat tortilla',
        'Hummus Veggie Wrap|11.95|VG V DF NF|s|Spinach tortilla',
      ],
      [C.breakfast]: ['Açaí Bowl|11.5|VG V GF DF|s|Granola;Banana', 'Egg White Wrap|9.5|V NF|s|Spinach;Feta'],
      [C.drinks]: ['Green Smoothie|7.95|VG V GF DF NF|s|Spinach;Banana;Mango'],
    },
    shared: ['salads', 'drinks'],
    presets: [
      P(
        'Healthy Power Bowls',
        [G.healthyLunch],
        [
          [C.bowls, 3],
          [C.drinks, 1],
        ],
        'Balanced grain bowls with lean proteins.',
      ),
      P(
        'Low-Carb Lunch',
        [G.healthyLunch],
        [
          [C.bowls, 2, 'KE'],
          [C.salads, 1],
        ],
        'Keto-friendly bowls and a green salad.',
      ),
      P(
        'Wrap & Salad Lunch',
        [G.sandwichSalad],
        [
          [C.sandwiches, 2],
          [C.salads, 2],
        ],
        'Wholesome wraps and two big salads.',
      ),
      P(
        'Healthy Breakfast',
        [G.corporateBreakfast],
        [
          [C.breakfast, 2],
          [C.drinks, 1],
        ],
        'Açaí bowls, egg white wraps and smoothies.',
      ),
    ],
  },
  {
    key: 'vegan',
    cuisines: ['Vegan', 'Healthy'],
    names: ['Planted', 'Sprout & Co.', 'Leaf Society', 'Kind Kitchen', 'Verdant', 'Good Roots'],
    blurbs: [
      'A 100% plant-based kitchen that omnivores order from too.',
      'Vegan comfort food and crunchy salads, nut-free on request.',
    ],
    dishes: {
      [C.bowls]: [
        'Crispy Tofu Rice Bowl|14.5|VG V DF NF|s|Sesame ginger;Greens',
        'Jackfruit Carnitas Bowl|14.95|VG V GF DF NF|s|Rice;Salsa',
        'Mediterranean Chickpea Bowl|13.95|VG V DF NF|s|Hummus;Quinoa',
      ],
      [C.mains]: [
        'Lentil Shepherd Pie|15.5|VG V GF DF NF|s|Green salad',
        'Vegan Mac & Cheese Tray (serves 10)|85|VG V DF|t|Cashew cheese',
        'Cauliflower Tikka|14.5|VG V GF DF NF|s|Basmati rice',
      ],
      [C.sandwiches]: [
        'Chickpea "Tuna" Sandwich|11.5|VG V DF NF|s|Dill;Lettuce',
        'Smoky Tempeh BLT|12.5|VG V DF NF|s|Coconut bacon;Tomato',
      ],
      [C.salads]: [
        'Rainbow Slaw Salad|10.5|VG V GF DF NF|s|Lime dressing',
        'Kale Caesar (Vegan)|11.95|VG V DF NF|s|Capers;Croutons',
      ],
      [C.desserts]: ['Vegan Chocolate Brownie|4.95|VG V DF NF|s|', 'Date & Oat Energy Balls (12 pcs)|18|VG V GF DF|t|'],
    },
    shared: ['drinks'],
    presets: [
      P(
        'Plant-Based Lunch',
        [G.vegetarian, G.healthyLunch],
        [
          [C.bowls, 2],
          [C.salads, 1],
          [C.desserts, 1],
        ],
        'Colourful vegan bowls, salad and a brownie.',
      ),
      P(
        'Vegan Sandwich & Salad',
        [G.sandwichSalad, G.vegetarian],
        [
          [C.sandwiches, 2],
          [C.salads, 1],
        ],
        'Plant-based sandwiches with a crunchy slaw.',
      ),
      P(
        'Vegan Comfort Buffet',
        [G.hotBuffet, G.vegetarian],
        [
          [C.mains, 3],
          [C.salads, 1],
        ],
        'Shepherd pie, mac and tikka, all plant-based.',
      ),
    ],
  },
  {
    key: 'american',
    cuisines: ['American', 'BBQ'],
    names: ['Smokehouse 88', 'Brisket & Co.', 'Liberty Grill', 'Burger Bureau', 'Hickory Pit', 'Blue Plate Diner'],
    blurbs: [
      'Low-and-slow barbecue smoked over hardwood for twelve hours.',
      'American comfort food: burgers, mac and cheese and smoked meats.',
    ],
    dishes: {
      [C.mains]: [
        'Smoked Brisket Plate|22.5|GF DF NF|s|Coleslaw;Cornbread',
        'Pulled Pork Plate|18.5|GF DF NF|s|Coleslaw;Beans',
        'BBQ Chicken Tray (serves 10)|149|GF DF NF|t|Coleslaw;Cornbread',
        'Mac & Cheese Tray (serves 10)|75|V NF|t|Breadcrumb crust',
        'Classic Cheeseburger|15.5|NF|s|Fries',
      ],
      [C.sandwiches]: [
        'Pulled Pork Sandwich|13.95|DF NF|s|Slaw;Pickles',
        'Crispy Chicken Sandwich|13.5|NF|s|Hot honey;Pickles',
        'Beyond Burger|15.5|VG V DF NF|s|Fries',
      ],
      [C.sides]: [
        'Cornbread (12 pcs)|22|V NF|t|Honey butter',
        'Mac & Cheese Side|6.5|V NF|s|',
        'Creamy Coleslaw|4.5|V GF NF|s|',
      ],
      [C.desserts]: ['Banana Pudding|6.5|V NF|s|'],
    },
    shared: ['drinks', 'salads', 'desserts'],
    presets: [
      P(
        'BBQ Smokehouse Buffet',
        [G.hotBuffet, G.celebrations],
        [
          [C.mains, 3],
          [C.sides, 2],
          [C.desserts, 1],
        ],
        'Brisket, pulled pork and all the sides.',
        [15, 20, 25, 30],
      ),
      P(
        'Burger & Sandwich Lunch',
        [G.sandwichSalad],
        [
          [C.sandwiches, 2],
          [C.salads, 1],
        ],
        'Crispy chicken and pulled pork sandwiches with a salad.',
      ),
      P(
        'Game Day Spread',
        [G.celebrations],
        [
          [C.mains, 2],
          [C.sides, 2],
          [C.drinks, 1],
        ],
        'Crowd-pleasing comfort food for office celebrations.',
        [20, 25, 30],
      ),
    ],
  },
  {
    key: 'canadian',
    cuisines: ['Canadian'],
    names: [
      'True North Kitchen',
      'Maple Leaf Provisions',
      'Cabin & Co.',
      'Northern Table',
      'Red Canoe Catering',
      'Prairie & Pine',
    ],
    blurbs: [
      'Canadian classics made from scratch: tourtière, smoked meat and butter tarts.',
      'Local farms, seasonal menus and a serious poutine.',
    ],
    dishes: {
      [C.mains]: [
        'Tourtière Slice|14.5|NF|s|Fruit ketchup;Green salad',
        'Maple Glazed Salmon|22.95|P GF DF NF|s|Wild rice;Green beans',
        'Roast Chicken Supreme|19.5|GF NF|s|Mashed potatoes;Carrots',
        'Poutine Bar (serves 10)|89|NF|t|Cheese curds;Gravy;Fries',
      ],
      [C.sandwiches]: [
        'Montreal Smoked Meat Sandwich|15.95|DF NF|s|Mustard;Pickle',
        'Peameal Bacon on a Bun|12.95|DF NF|s|Honey mustard',
      ],
      [C.breakfast]: [
        'Lumberjack Breakfast Tray (serves 10)|155|NF|t|Eggs;Bacon;Pancakes;Maple syrup',
        'Maple Granola Parfait|6.95|V GF|s|Berries',
      ],
      [C.desserts]: ['Butter Tarts (12 pcs)|30|V|t|', 'Nanaimo Bars (12 pcs)|32|V|t|'],
    },
    shared: ['drinks', 'salads', 'breakfast'],
    presets: [
      P(
        'Canadian Comfort Buffet',
        [G.hotBuffet],
        [
          [C.mains, 3],
          [C.salads, 1],
          [C.desserts, 1],
        ],
        'Tourtière, maple salmon and roast chicken, served hot.',
      ),
      P(
        'Lumberjack Breakfast',
        [G.corporateBreakfast],
        [
          [C.breakfast, 2],
          [C.drinks, 1],
        ],
        'A hearty hot breakfast with maple syrup.',
      ),
      P(
        'Smoked Meat & Salad Lunch',
        [G.sandwichSalad],
        [
          [C.sandwiches, 2],
          [C.salads, 1],
        ],
        'Montreal smoked meat and peameal sandwiches with a salad.',
      ),
      P(
        'Butter Tart Break',
        [G.snacks, G.celebrations],
        [
          [C.desserts, 2],
          [C.drinks, 1],
        ],
        'Butter tarts, Nanaimo bars and coffee.',
      ),
    ],
  },
  {
    key: 'middle-eastern',
    cuisines: ['Middle Eastern'],
    names: [
      'Beirut Street',
      'Al Amir Grill',
      'Jasmine Kitchen',
      'Damascus Gate',
      'Baba Ghanoush Bar',
      'Byblos Bakehouse',
    ],
    blurbs: [
      'Lebanese home cooking and charcoal grills, fully halal.',
      'Manakeesh baked to order, shawarma carved from the spit.',
    ],
    dishes: {
      [C.mains]: [
        'Chicken Shawarma Plate|17.95|H GF DF NF|s|Rice;Garlic sauce;Salad',
        'Beef Shish Kebab Plate|20.5|H GF DF NF|s|Rice;Grilled tomato',
        'Mujaddara|12.95|VG V GF DF NF|s|Crispy onions;Yogurt-free salad',
        'Shawarma Party Tray (serves 10)|169|H DF NF|t|Pita;Garlic sauce;Pickles',
      ],
      [C.breakfast]: [
        'Zaatar Manakeesh|6.5|VG V DF NF|s|Tomato;Mint',
        'Cheese Manakeesh|7.95|V NF|s|Akkawi cheese',
        'Foul Medames|9.5|VG V GF DF NF|s|Olive oil;Pita',
      ],
      [C.sandwiches]: ['Beef Shawarma Wrap|12.95|H DF NF|s|Tahini;Parsley', 'Halloumi Wrap|11.5|V NF|s|Tomato;Mint'],
      [C.platters]: [
        'Hummus & Pita Platter (serves 10)|42|VG V DF NF|t|Warm pita;Olive oil',
        'Falafel Platter (30 pcs)|55|VG V DF NF|t|Tahini;Pickles',
      ],
      [C.desserts]: ['Knafeh|8.5|V|s|', 'Maamoul (12 pcs)|24|V|t|Date;Walnut'],
    },
    shared: ['drinks', 'salads'],
    presets: [
      P(
        'Lebanese Grill Buffet',
        [G.hotBuffet],
        [
          [C.mains, 3],
          [C.platters, 1],
          [C.desserts, 1],
        ],
        'Shawarma, kebabs and mujaddara with hummus.',
      ),
      P(
        'Manakeesh Breakfast',
        [G.corporateBreakfast],
        [
          [C.breakfast, 3],
          [C.drinks, 1],
        ],
        'Zaatar and cheese flatbreads fresh from the oven.',
      ),
      P(
        'Shawarma Wrap & Salad Lunch',
        [G.sandwichSalad],
        [
          [C.sandwiches, 2],
          [C.salads, 1],
        ],
        'Shawarma and halloumi wraps with fattoush.',
      ),
      P(
        'Falafel & Mezze Lunch',
        [G.vegetarian, G.healthyLunch],
        [
          [C.platters, 2],
          [C.salads, 1],
        ],
        'Falafel, hummus and salads, all vegetarian.',
      ),
    ],
  },
];

/** Catering templates that combine two or three chefs of the same city. */
export const multiChefTemplates: {
  name: string;
  groups: string[];
  description: string;
  lines: [Category, number][];
}[] = [
  {
    name: 'Office Party Sampler',
    groups: [GROUP.celebrations],
    description: 'A tour of the neighbourhood: mains from one kitchen, sides and sweets from others.',
    lines: [
      [CATEGORY.mains, 2],
      [CATEGORY.sides, 1],
      [CATEGORY.desserts, 1],
    ],
  },
  {
    name: 'World Flavours Lunch Buffet',
    groups: [GROUP.hotBuffet],
    description: 'Hot dishes from several local kitchens, delivered together.',
    lines: [
      [CATEGORY.mains, 2],
      [CATEGORY.bowls, 1],
      [CATEGORY.salads, 1],
    ],
  },
  {
    name: 'Healthy Lunch Duo',
    groups: [GROUP.healthyLunch],
    description: 'Bowls and salads from two of the city\u2019s lightest kitchens.',
    lines: [
      [CATEGORY.bowls, 2],
      [CATEGORY.salads, 1],
    ],
  },
  {
    name: 'Sandwich & Salad Combo',
    groups: [GROUP.sandwichSalad],
    description: 'Sandwiches from one kitchen, salads from another.',
    lines: [
      [CATEGORY.sandwiches, 2],
      [CATEGORY.salads, 1],
    ],
  },
  {
    name: 'All-Hands Breakfast',
    groups: [GROUP.corporateBreakfast],
    description: 'Breakfast favourites from two bakeries and cafés.',
    lines: [
      [CATEGORY.breakfast, 2],
      [CATEGORY.drinks, 1],
    ],
  },
  {
    name: 'Afternoon Treats Mix',
    groups: [GROUP.snacks],
    description: 'Sweet and savoury snacks from around town.',
    lines: [
      [CATEGORY.desserts, 1],
      [CATEGORY.sides, 1],
      [CATEGORY.platters, 1],
    ],
  },
];

export const presetPrefixes = [
  'Classic',
  'Deluxe',
  'Executive',
  'Signature',
  'Team',
  'Express',
  'Premium',
  'Seasonal',
] as const;

/** Parses a dish line into its parts; prices are Toronto-level dollars, turned into cents. */
export function parseDish(category: string, line: DishLine): DishSpec {
  const [name = '', price = '0', diets = '', kind = 's', components = ''] = line.split('|');
  const codes = diets.split(' ').filter(Boolean) as DietCode[];
  // vegan food is vegetarian too
  if (codes.includes('VG') && !codes.includes('V')) codes.push('V');
  const menuType = kind === 't' ? 'other' : 'single';
  return {
    name,
    category,
    priceCents: Math.round(Number.parseFloat(price) * 100),
    diets: codes,
    menuType,
    serves: menuType === 'other' ? servesFromName(name) : 1,
    components: components ? components.split(';') : (defaultComponents[category] ?? []),
  };
}

function servesFromName(name: string): number {
  const serves = /serves (\d+)/.exec(name);
  if (serves) return Number(serves[1]);
  const pieces = /\((\d+) pcs\)/.exec(name);
  if (pieces) return Math.max(4, Math.round(Number(pieces[1]) / 2));
  return 10;
}
