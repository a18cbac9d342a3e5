import { describe, expect, it } from 'vitest';
import {
  bannerArtUrl,
  dishArtUrl,
  dishTypeFromName,
  dishTypeOf,
  dishTypeOfArtUrl,
  isGeneratedArt,
  itemArtUrl,
  type DishType,
} from './dish-types.js';

// names restaurant owners type in the menu editor, with the picture each must get
const ownerNames: [string, DishType][] = [
  ['Spicy Tuna Roll', 'sushi'],
  ['California Rolls (8 pcs)', 'sushi'],
  ['Salmon Nigiri', 'nigiri'],
  ['Ahi Poke', 'poke'],
  ['Tonkotsu Ramen', 'ramen'],
  ['Pho Tai', 'ramen'],
  ['Shrimp Pad Thai', 'noodles'],
  ['Singapore Noodles', 'noodles'],
  ['Chicken Tikka Masala', 'curry'],
  ['Lamb Vindaloo', 'curry'],
  ['Vegetable Biryani', 'rice'],
  ['Garden Salad', 'salad'],
  ['Boxed Lunch', 'bento'],
  ['Sandwich Platter', 'sandwich'],
  ['Turkey Club', 'sandwich'],
  ['Assorted Wraps', 'wrap'],
  ['Double Smash Burger', 'burger'],
  ['Pepperoni Pizza', 'pizza'],
  ['Spaghetti & Meatballs', 'pasta'],
  ['Fish Tacos', 'tacos'],
  ['Steak Burrito', 'wrap'],
  ['Pork Dumplings', 'dumplings'],
  ['Chicken Kebab', 'skewers'],
  ['Grilled Ribeye Steak', 'grill'],
  ['Rotisserie Chicken', 'chicken'],
  ['Buffalo Wings', 'wings'],
  ['Pan-Seared Halibut', 'fish'],
  ['Butternut Squash Soup', 'soup'],
  ['Breakfast Pastries', 'croissant'],
  ['Blueberry Muffins', 'muffin'],
  ['Everything Bagels', 'bagel'],
  ['Pancake Stack', 'pancakes'],
  ['Western Omelette', 'eggs'],
  ['Fresh Fruit Tray', 'fruit'],
  ['Chocolate Chip Cookies', 'cookies'],
  ['Carrot Cake', 'cake'],
  ['Birthday Cupcakes', 'cupcake'],
  ['Iced Latte', 'coffee'],
  ['Green Tea', 'tea'],
  ['Fresh Orange Juice', 'juice'],
  ['Canned Soda', 'soda'],
  ['Hummus Trio', 'dips'],
  ['Vegetable Samosa', 'samosa'],
  ['Garlic Bread', 'bread'],
  ['Sweet Potato Fries', 'fries'],
  ['Charcuterie Board', 'board'],
  ['Apple Pie', 'pie'],
  ["Shepherd's Pie", 'bake'],
  ['Baked Mac and Cheese', 'macaroni'],
  ['Strawberry Banana Smoothie', 'smoothie'],
  ['Chicken Parm', 'bake'],
  ['Glazed Donuts', 'donuts'],
  ['Vanilla Gelato', 'icecream'],
  ['Mango Smoothie', 'smoothie'],
  ['Açaí Bowl', 'acai'],
  ['Crème Brûlée', 'cake'],
  ['Grain Bowl', 'bowl'],
];

describe('dish types from names', () => {
  it.each(ownerNames)('%s shows %s', (name, type) => {
    expect(dishTypeFromName(name)).toBe(type);
  });

  it('reads the most telling word first', () => {
    expect(dishTypeFromName('Bagel Breakfast Sandwich')).toBe('bagel');
    expect(dishTypeFromName('Grilled Chicken Caesar Wrap')).toBe('wrap');
    expect(dishTypeFromName('Chicken Noodle Soup')).toBe('ramen');
    expect(dishTypeFromName('Falafel Bowl')).toBe('bowl');
    expect(dishTypeFromName('Egg & Cheddar English Muffin')).toBe('sandwich');
    expect(dishTypeFromName('Hummus & Pita Platter')).toBe('dips');
    expect(dishTypeFromName('Fresh Salad Rolls (2 pcs)')).toBe('rolls');
  });

  it('says nothing for a name that says nothing', () => {
    expect(dishTypeFromName('House Special')).toBeNull();
    expect(dishTypeFromName("Chef's Choice")).toBeNull();
  });

  it('falls back on the category, then the kitchen cuisine, then a plate', () => {
    expect(dishTypeOf({ name: 'House Special', category: 'Desserts' })).toBe('cake');
    expect(dishTypeOf({ name: 'House Special', category: 'Mains', cuisines: ['Japanese'] })).toBe('bento');
    expect(dishTypeOf({ name: 'Nonna’s Sunday Special', category: 'Mains', cuisines: ['Italian'] })).toBe('pasta');
    expect(dishTypeOf({ name: 'House Special' })).toBe('plate');
  });
});

describe('art URLs', () => {
  it('name the dish type so the URL can be cached forever', () => {
    expect(dishArtUrl(12, { name: 'Salmon Nigiri' })).toBe('/media/art/dish/12-nigiri.svg');
    expect(itemArtUrl(40, 'Miso soup', 'sushi')).toBe('/media/art/item/40-soup.svg');
    expect(itemArtUrl(41, 'Extra wasabi', 'sushi')).toBe('/media/art/item/41-sushi.svg');
  });

  it('build banners from three different dishes, drinks last', () => {
    expect(bannerArtUrl('chef-banner', 3, ['soda', 'sushi', 'sushi', 'ramen', 'dumplings', 'cake'])).toBe(
      '/media/art/chef-banner/3-sushi-ramen-dumplings.svg',
    );
    expect(bannerArtUrl('preset', 8, ['soda', 'salad'])).toBe('/media/art/preset/8-salad-soda.svg');
    expect(bannerArtUrl('preset', 9, [])).toBe('/media/art/preset/9.svg');
  });

  it('tell generated art from uploaded photos', () => {
    expect(isGeneratedArt('')).toBe(true);
    expect(isGeneratedArt('/media/art/dish/12-bowl.svg')).toBe(true);
    expect(isGeneratedArt('/media/photos/c1/abc-f500x500-card-400_800.webp')).toBe(false);
    expect(dishTypeOfArtUrl('/media/art/dish/12-sushi.svg')).toBe('sushi');
    expect(dishTypeOfArtUrl('/media/art/dish/12-tray.svg')).toBeNull();
    expect(dishTypeOfArtUrl('/media/photos/c1/x.webp')).toBeNull();
  });
});
