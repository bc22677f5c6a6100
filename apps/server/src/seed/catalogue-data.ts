/**
 * The raw material of the demo catalogue: a second-hand store's category tree with brands and
 * models per leaf, and the suburbs and towns stores stand in. Plain data, no logic.
 */

export interface LeafCategory {
  slug: string;
  name: string;
  /** Words shoppers use for this kind of item that titles often leave out ("phone" for an iPhone). */
  keywords: string;
  brands: Record<string, string[]>;
  /** Extra words appended to some titles. */
  extras?: string[];
  storage?: string[];
  colours?: string[];
  /** Price in whole dollars or pounds. */
  price: [number, number];
  weightGrams: [number, number];
  /** Bulky items (TVs, bikes, drum kits) are pickup only. */
  bulky?: boolean;
  certificate?: boolean;
  specs?: Record<string, string[]>;
}

export interface RootCategory {
  slug: string;
  name: string;
  icon: string;
  children: LeafCategory[];
}

const PHONE_COLOURS = ['black', 'white', 'blue', 'red', 'green', 'purple', 'gold', 'silver', 'graphite'];
const METAL_COLOURS = ['gold', 'silver', 'rose-gold', 'white-gold'];

export const CATEGORY_TREE: RootCategory[] = [
  {
    slug: 'phones',
    name: 'Phones',
    icon: 'phone',
    children: [
      {
        slug: 'smartphones',
        keywords: 'phone mobile smartphone cell',
        name: 'Smartphones',
        brands: {
          Apple: ['iPhone 11', 'iPhone 12', 'iPhone 13', 'iPhone 13 Pro', 'iPhone 14', 'iPhone 14 Pro Max', 'iPhone 15', 'iPhone 15 Pro', 'iPhone SE'],
          Samsung: ['Galaxy S21', 'Galaxy S22 Ultra', 'Galaxy S23', 'Galaxy S24', 'Galaxy A54', 'Galaxy Z Flip 5', 'Galaxy Note 20'],
          Google: ['Pixel 6', 'Pixel 7', 'Pixel 7a', 'Pixel 8 Pro'],
          Oppo: ['Find X5', 'Reno 8', 'A78'],
          Motorola: ['Moto G84', 'Edge 40'],
          Nokia: ['G60', 'X30'],
        },
        extras: ['Unlocked', 'Unlocked', 'with Charger', 'Boxed', 'Dual SIM'],
        storage: ['64gb', '128gb', '256gb', '512gb'],
        colours: PHONE_COLOURS,
        price: [90, 1600],
        weightGrams: [150, 450],
      },
      {
        slug: 'phone-accessories',
        keywords: 'accessory accessories charger',
        name: 'Phone Accessories',
        brands: {
          Apple: ['MagSafe Charger', 'AirPods Pro', 'AirPods 3rd Gen', '20W USB-C Power Adapter'],
          Samsung: ['Galaxy Buds2', 'Wireless Charger Duo', '25W Travel Adapter'],
          Belkin: ['BoostCharge Pro', 'Car Phone Mount'],
          Anker: ['PowerCore 20000 Power Bank', 'Nano Charger'],
        },
        colours: ['black', 'white'],
        price: [15, 320],
        weightGrams: [50, 500],
      },
    ],
  },
  {
    slug: 'computers',
    name: 'Laptops & Computers',
    icon: 'laptop',
    children: [
      {
        slug: 'laptops',
        keywords: 'laptop notebook computer',
        name: 'Laptops',
        brands: {
          Apple: ['MacBook Air M1', 'MacBook Air M2', 'MacBook Pro 14', 'MacBook Pro 16'],
          Dell: ['XPS 13', 'XPS 15', 'Inspiron 15', 'Latitude 7420'],
          HP: ['Pavilion 15', 'EliteBook 840', 'Spectre x360', 'Envy 13'],
          Lenovo: ['ThinkPad X1 Carbon', 'ThinkPad T14', 'IdeaPad 5', 'Legion 5 Gaming Laptop'],
          Asus: ['ZenBook 14', 'ROG Strix G15 Gaming Laptop', 'VivoBook 15'],
          Microsoft: ['Surface Laptop 4', 'Surface Laptop Go'],
        },
        extras: ['16GB RAM', '8GB RAM', 'with Charger', 'Intel Core i7', 'Intel Core i5'],
        storage: ['256gb', '512gb', '1tb'],
        colours: ['silver', 'grey', 'black'],
        price: [180, 3200],
        weightGrams: [1100, 2800],
        specs: { Screen: ['13 inch', '14 inch', '15.6 inch', '16 inch'] },
      },
      {
        slug: 'tablets',
        keywords: 'tablet',
        name: 'Tablets',
        brands: {
          Apple: ['iPad 9th Gen', 'iPad Air 5th Gen', 'iPad Pro 11', 'iPad Pro 12.9', 'iPad Mini 6'],
          Samsung: ['Galaxy Tab S8', 'Galaxy Tab A8', 'Galaxy Tab S9 FE'],
          Microsoft: ['Surface Pro 8', 'Surface Go 3'],
          Lenovo: ['Tab P11', 'Tab M10'],
        },
        extras: ['Wi-Fi', 'Wi-Fi + Cellular', 'with Case'],
        storage: ['64gb', '128gb', '256gb'],
        colours: ['silver', 'grey', 'blue', 'pink'],
        price: [120, 1900],
        weightGrams: [300, 900],
      },
      {
        slug: 'monitors',
        keywords: 'monitor screen display',
        name: 'Monitors',
        brands: {
          Dell: ['UltraSharp U2720Q 27" Monitor', 'S2421H 24" Monitor'],
          LG: ['UltraGear 27GL850 Monitor', '34WN80C Ultrawide Monitor'],
          Samsung: ['Odyssey G5 Curved Monitor', 'Smart Monitor M7'],
          BenQ: ['GW2480 Monitor', 'EX2780Q Gaming Monitor'],
        },
        price: [90, 900],
        weightGrams: [3500, 8000],
      },
    ],
  },
  {
    slug: 'gaming',
    name: 'Gaming',
    icon: 'gamepad',
    children: [
      {
        slug: 'consoles',
        keywords: 'console',
        name: 'Consoles',
        brands: {
          Sony: ['PlayStation 5 Console', 'PlayStation 5 Digital Edition', 'PlayStation 4 Pro Console', 'PlayStation 4 Slim Console'],
          Microsoft: ['Xbox Series X Console', 'Xbox Series S Console', 'Xbox One X Console'],
          Nintendo: ['Switch OLED Console', 'Switch Console', 'Switch Lite Console'],
          Valve: ['Steam Deck'],
        },
        extras: ['with 2 Controllers', 'Boxed', 'with Controller', 'with Games'],
        storage: ['32gb', '500gb', '1tb'],
        colours: ['black', 'white'],
        price: [120, 900],
        weightGrams: [400, 4500],
      },
      {
        slug: 'video-games',
        keywords: 'game games',
        name: 'Video Games',
        brands: {
          Sony: ['Spider-Man 2 PS5 Game', 'God of War Ragnarok PS5 Game', 'Gran Turismo 7 PS4 Game', 'The Last of Us Part II PS4 Game'],
          Nintendo: ['Mario Kart 8 Deluxe Switch Game', 'Zelda Tears of the Kingdom Switch Game', 'Animal Crossing Switch Game', 'Pokemon Scarlet Switch Game'],
          Microsoft: ['Halo Infinite Xbox Game', 'Forza Horizon 5 Xbox Game'],
          EA: ['FC 24 PS5 Game', 'FIFA 23 PS4 Game', 'Need for Speed Unbound PS5 Game'],
        },
        price: [8, 90],
        weightGrams: [80, 150],
      },
      {
        slug: 'controllers',
        keywords: 'controller gaming accessory',
        name: 'Controllers & Accessories',
        brands: {
          Sony: ['DualSense Controller', 'DualShock 4 Controller', 'PlayStation VR2 Headset'],
          Microsoft: ['Xbox Wireless Controller', 'Xbox Elite Controller Series 2'],
          Nintendo: ['Switch Pro Controller', 'Joy-Con Pair'],
          Logitech: ['G29 Racing Wheel', 'G Pro Gaming Headset'],
        },
        colours: ['black', 'white', 'red', 'blue'],
        price: [25, 650],
        weightGrams: [200, 5000],
      },
    ],
  },
  {
    slug: 'jewellery',
    name: 'Jewellery',
    icon: 'ring',
    children: [
      {
        slug: 'rings',
        keywords: 'ring jewellery jewelry',
        name: 'Rings',
        brands: {
          Unbranded: ['18ct Gold Diamond Engagement Ring', '9ct Gold Signet Ring', 'Sterling Silver Band Ring', '14ct White Gold Solitaire Ring', 'Platinum Wedding Band'],
          Pandora: ['Sparkling Crown Ring', 'Timeless Pave Ring'],
          Tiffany: ['Elsa Peretti Band Ring', 'T Wire Ring'],
        },
        colours: METAL_COLOURS,
        price: [40, 9000],
        weightGrams: [5, 40],
        certificate: true,
        specs: { 'Ring size': ['J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R'] },
      },
      {
        slug: 'necklaces',
        keywords: 'necklace chain jewellery jewelry',
        name: 'Necklaces & Chains',
        brands: {
          Unbranded: ['9ct Gold Belcher Chain', '18ct Gold Rope Chain', 'Sterling Silver Curb Chain', 'Diamond Pendant Necklace', 'Pearl Strand Necklace'],
          Pandora: ['Moments Snake Chain Necklace'],
          Swarovski: ['Crystal Pendant Necklace'],
        },
        colours: METAL_COLOURS,
        price: [30, 6000],
        weightGrams: [5, 80],
        certificate: true,
      },
      {
        slug: 'bracelets',
        keywords: 'bracelet bangle jewellery jewelry',
        name: 'Bracelets',
        brands: {
          Unbranded: ['9ct Gold Bangle', 'Sterling Silver Charm Bracelet', '18ct Gold Tennis Bracelet'],
          Pandora: ['Moments Charm Bracelet', 'Reflexions Bracelet'],
        },
        colours: METAL_COLOURS,
        price: [30, 5000],
        weightGrams: [10, 60],
        certificate: true,
      },
    ],
  },
  {
    slug: 'watches',
    name: 'Watches',
    icon: 'watch',
    children: [
      {
        slug: 'luxury-watches',
        keywords: 'watch wristwatch',
        name: 'Luxury Watches',
        brands: {
          Rolex: ['Submariner Date', 'Datejust 36', 'Oyster Perpetual 41', 'GMT-Master II'],
          Omega: ['Seamaster Diver 300M', 'Speedmaster Professional', 'Constellation'],
          TAG: ['Heuer Carrera', 'Heuer Aquaracer'],
          Tissot: ['PRX Powermatic 80', 'Le Locle Automatic'],
          Seiko: ['Presage Cocktail Time', 'Prospex Turtle', '5 Sports Automatic'],
        },
        extras: ['Box and Papers', 'Automatic', 'Stainless Steel'],
        colours: ['silver', 'gold', 'black', 'blue'],
        price: [250, 28000],
        weightGrams: [100, 300],
        certificate: true,
      },
      {
        slug: 'smart-watches',
        keywords: 'watch smartwatch',
        name: 'Smart Watches',
        brands: {
          Apple: ['Watch Series 7', 'Watch Series 8', 'Watch Series 9', 'Watch Ultra', 'Watch SE'],
          Samsung: ['Galaxy Watch 5', 'Galaxy Watch 6 Classic'],
          Garmin: ['Fenix 7', 'Forerunner 255', 'Venu 2'],
          Fitbit: ['Sense 2', 'Versa 4'],
        },
        extras: ['GPS', 'GPS + Cellular', '45mm', '41mm'],
        colours: ['black', 'silver', 'gold', 'blue'],
        price: [60, 1100],
        weightGrams: [60, 250],
      },
    ],
  },
  {
    slug: 'tools',
    name: 'Tools',
    icon: 'drill',
    children: [
      {
        slug: 'power-tools',
        keywords: 'power tool tools cordless',
        name: 'Power Tools',
        brands: {
          Makita: ['18V Brushless Hammer Drill', '18V Impact Driver', '18V Circular Saw', 'Angle Grinder 125mm'],
          DeWalt: ['20V Max Drill Driver Kit', '18V XR Impact Wrench', 'Mitre Saw 254mm'],
          Milwaukee: ['M18 Fuel Hammer Drill', 'M18 Fuel Impact Driver', 'M12 Multi-Tool'],
          Ryobi: ['18V One+ Drill Kit', '18V One+ Jigsaw', 'Leaf Blower'],
          Bosch: ['Professional GSB 18V Drill', 'Rotary Hammer GBH 2-26'],
        },
        extras: ['Skin Only', 'with 2 Batteries', 'with Battery and Charger', 'Kit in Case'],
        colours: ['teal', 'yellow', 'red', 'green', 'blue'],
        price: [40, 1200],
        weightGrams: [900, 6000],
      },
      {
        slug: 'hand-tools',
        keywords: 'hand tool tools',
        name: 'Hand Tools',
        brands: {
          Stanley: ['FatMax Tape Measure', '120 Piece Socket Set', 'Toolbox with Tools'],
          Kincrome: ['Socket Set 1/2" Drive', 'Spanner Set 14 Piece'],
          Sidchrome: ['Ratchet Spanner Set', 'Tool Chest 9 Drawer'],
        },
        price: [15, 1500],
        weightGrams: [300, 12000],
      },
    ],
  },
  {
    slug: 'musical-instruments',
    name: 'Musical Instruments',
    icon: 'guitar',
    children: [
      {
        slug: 'guitars',
        keywords: 'guitar',
        name: 'Guitars',
        brands: {
          Fender: ['Stratocaster Electric Guitar', 'Telecaster Electric Guitar', 'Precision Bass Guitar', 'CD-60S Acoustic Guitar'],
          Gibson: ['Les Paul Standard Electric Guitar', 'SG Standard Electric Guitar', 'J-45 Acoustic Guitar'],
          Yamaha: ['FG800 Acoustic Guitar', 'Pacifica 112V Electric Guitar', 'C40 Classical Guitar'],
          Ibanez: ['RG421 Electric Guitar', 'GRG170DX Electric Guitar'],
          Maton: ['EBG808 Acoustic Guitar', 'SRS70 Acoustic Guitar'],
        },
        extras: ['with Hard Case', 'with Gig Bag', 'Left Handed'],
        colours: ['sunburst', 'black', 'white', 'natural', 'red'],
        price: [80, 4500],
        weightGrams: [2500, 5000],
      },
      {
        slug: 'keyboards-pianos',
        keywords: 'keyboard piano',
        name: 'Keyboards & Pianos',
        brands: {
          Yamaha: ['PSR-E373 Keyboard', 'P-45 Digital Piano', 'Clavinova CLP-735'],
          Roland: ['FP-30X Digital Piano', 'Juno-DS61 Synthesizer'],
          Casio: ['CT-S300 Keyboard', 'Privia PX-S1100 Digital Piano'],
          Korg: ['Minilogue Synthesizer', 'B2 Digital Piano'],
        },
        colours: ['black', 'white'],
        price: [90, 3500],
        weightGrams: [4000, 45000],
        bulky: true,
      },
      {
        slug: 'amplifiers',
        keywords: 'amp amplifier pedal',
        name: 'Amplifiers & Effects',
        brands: {
          Marshall: ['DSL40CR Valve Amp', 'MG15 Guitar Amp'],
          Fender: ['Mustang LT25 Amp', 'Blues Junior IV Amp'],
          Boss: ['Katana 50 MkII Amp', 'DS-1 Distortion Pedal', 'RC-30 Loop Station'],
        },
        price: [40, 2200],
        weightGrams: [400, 20000],
      },
    ],
  },
  {
    slug: 'cameras',
    name: 'Cameras',
    icon: 'camera',
    children: [
      {
        slug: 'digital-cameras',
        keywords: 'camera',
        name: 'Digital Cameras',
        brands: {
          Canon: ['EOS R6 Mirrorless Camera', 'EOS 90D DSLR Camera', 'EOS M50 Mark II', 'PowerShot G7 X Mark III'],
          Nikon: ['Z6 II Mirrorless Camera', 'D750 DSLR Camera', 'D3500 DSLR Camera'],
          Sony: ['Alpha A7 III Mirrorless Camera', 'Alpha A6400', 'ZV-1 Vlog Camera'],
          Fujifilm: ['X-T4 Mirrorless Camera', 'X100V', 'Instax Mini 12'],
          GoPro: ['HERO11 Black', 'HERO10 Black'],
        },
        extras: ['Body Only', 'with Kit Lens', 'with Battery and Charger'],
        colours: ['black', 'silver'],
        price: [60, 4200],
        weightGrams: [150, 1500],
      },
      {
        slug: 'lenses',
        keywords: 'lens camera',
        name: 'Lenses',
        brands: {
          Canon: ['RF 24-105mm f/4L Lens', 'EF 50mm f/1.8 STM Lens', 'EF 70-200mm f/2.8L Lens'],
          Nikon: ['Z 24-70mm f/4 S Lens', 'AF-S 35mm f/1.8G Lens'],
          Sony: ['FE 28-70mm Lens', 'FE 85mm f/1.8 Lens'],
          Sigma: ['18-35mm f/1.8 Art Lens', '150-600mm Contemporary Lens'],
        },
        price: [90, 3600],
        weightGrams: [150, 2000],
      },
    ],
  },
  {
    slug: 'tv-audio',
    name: 'TVs & Audio',
    icon: 'tv',
    children: [
      {
        slug: 'televisions',
        keywords: 'tv television',
        name: 'Televisions',
        brands: {
          Samsung: ['55" Crystal UHD 4K Smart TV', '65" QLED 4K Smart TV', '43" Full HD Smart TV'],
          LG: ['65" OLED C2 4K Smart TV', '55" NanoCell 4K Smart TV', '50" UHD 4K Smart TV'],
          Sony: ['65" Bravia XR 4K Google TV', '55" Bravia X80K 4K TV'],
          TCL: ['55" C645 QLED Google TV', '75" P745 4K Google TV'],
          Hisense: ['65" U7K Mini-LED TV', '50" A6 4K Smart TV'],
        },
        extras: ['with Remote', 'with Wall Mount', 'with Stand'],
        price: [150, 3500],
        weightGrams: [9000, 30000],
        bulky: true,
      },
      {
        slug: 'speakers',
        keywords: 'speaker soundbar',
        name: 'Speakers & Soundbars',
        brands: {
          Sonos: ['One SL Speaker', 'Beam Gen 2 Soundbar', 'Arc Soundbar', 'Move Portable Speaker'],
          JBL: ['Charge 5 Bluetooth Speaker', 'Flip 6 Bluetooth Speaker', 'PartyBox 310'],
          Bose: ['SoundLink Flex', 'Smart Soundbar 600', 'Home Speaker 500'],
          Samsung: ['HW-Q600C Soundbar'],
        },
        colours: ['black', 'white', 'blue', 'grey'],
        price: [50, 1500],
        weightGrams: [500, 9000],
      },
      {
        slug: 'headphones',
        keywords: 'headphones earbuds',
        name: 'Headphones',
        brands: {
          Sony: ['WH-1000XM4 Noise Cancelling Headphones', 'WH-1000XM5 Noise Cancelling Headphones', 'WF-1000XM4 Earbuds'],
          Bose: ['QuietComfort 45 Headphones', 'QuietComfort Earbuds II', '700 Noise Cancelling Headphones'],
          Apple: ['AirPods Max', 'Beats Studio Pro Headphones', 'Beats Fit Pro'],
          Sennheiser: ['Momentum 4 Wireless', 'HD 560S Headphones'],
        },
        colours: ['black', 'white', 'silver', 'blue'],
        price: [40, 750],
        weightGrams: [50, 400],
      },
    ],
  },
  {
    slug: 'bikes',
    name: 'Bikes',
    icon: 'bike',
    children: [
      {
        slug: 'mountain-bikes',
        keywords: 'bike bicycle mtb',
        name: 'Mountain Bikes',
        brands: {
          Giant: ['Talon 2 Mountain Bike', 'Trance X 29 Mountain Bike', 'Stance 2 Mountain Bike'],
          Trek: ['Marlin 7 Mountain Bike', 'Fuel EX 8 Mountain Bike'],
          Specialized: ['Rockhopper Sport Mountain Bike', 'Stumpjumper Comp'],
          Merida: ['Big Nine 300 Mountain Bike'],
        },
        colours: ['black', 'blue', 'red', 'green', 'grey'],
        price: [150, 5500],
        weightGrams: [11000, 16000],
        bulky: true,
        specs: { 'Frame size': ['S', 'M', 'L', 'XL'] },
      },
      {
        slug: 'road-bikes',
        keywords: 'bike bicycle',
        name: 'Road Bikes',
        brands: {
          Giant: ['Contend AR 3 Road Bike', 'TCR Advanced 2 Road Bike'],
          Trek: ['Domane AL 2 Road Bike', 'Emonda SL 5'],
          Specialized: ['Allez Sport Road Bike', 'Tarmac SL7'],
          Cannondale: ['CAAD Optimo 1', 'Synapse Carbon 3'],
        },
        colours: ['black', 'white', 'red', 'blue'],
        price: [200, 7000],
        weightGrams: [7500, 11000],
        bulky: true,
        specs: { 'Frame size': ['50cm', '52cm', '54cm', '56cm', '58cm'] },
      },
      {
        slug: 'e-bikes',
        keywords: 'ebike scooter electric',
        name: 'Electric Bikes & Scooters',
        brands: {
          Segway: ['Ninebot Max G30 Electric Scooter', 'Ninebot E2 Electric Scooter'],
          Xiaomi: ['Mi Electric Scooter Pro 2', 'Electric Scooter 4'],
          Giant: ['Explore E+ 2 Electric Bike'],
          Lekker: ['Amsterdam+ Electric Bike'],
        },
        colours: ['black', 'grey', 'white'],
        price: [180, 4800],
        weightGrams: [12000, 26000],
        bulky: true,
      },
    ],
  },
];

export const AU_TOWNS: Record<string, { towns: string[]; lat: number; lng: number; postcode: number }> = {
  NSW: { towns: ['Parramatta', 'Penrith', 'Blacktown', 'Liverpool', 'Newcastle', 'Wollongong', 'Gosford', 'Campbelltown', 'Bankstown', 'Hornsby', 'Tamworth', 'Dubbo', 'Wagga Wagga', 'Orange', 'Albury', 'Coffs Harbour', 'Port Macquarie', 'Maitland', 'Chatswood', 'Hurstville', 'Bondi Junction', 'Castle Hill', 'Nowra', 'Lismore', 'Bathurst', 'Queanbeyan'], lat: -33.87, lng: 151.0, postcode: 2000 },
  VIC: { towns: ['Dandenong', 'Frankston', 'Geelong', 'Ballarat', 'Bendigo', 'Ringwood', 'Footscray', 'Preston', 'Werribee', 'Cranbourne', 'Shepparton', 'Mildura', 'Traralgon', 'Box Hill', 'Broadmeadows', 'Sunshine', 'Warrnambool', 'Wodonga', 'Pakenham', 'Epping'], lat: -37.81, lng: 144.96, postcode: 3000 },
  QLD: { towns: ['Brisbane City', 'Ipswich', 'Logan', 'Gold Coast', 'Southport', 'Toowoomba', 'Cairns', 'Townsville', 'Mackay', 'Rockhampton', 'Bundaberg', 'Caboolture', 'Maroochydore', 'Hervey Bay', 'Redcliffe', 'Chermside', 'Strathpine', 'Gladstone'], lat: -27.47, lng: 153.02, postcode: 4000 },
  WA: { towns: ['Perth City', 'Joondalup', 'Midland', 'Rockingham', 'Mandurah', 'Cannington', 'Bunbury', 'Geraldton', 'Kalgoorlie', 'Morley', 'Armadale', 'Albany'], lat: -31.95, lng: 115.86, postcode: 6000 },
  SA: { towns: ['Adelaide City', 'Elizabeth', 'Salisbury', 'Marion', 'Noarlunga', 'Modbury', 'Mount Gambier', 'Whyalla', 'Port Augusta', 'Murray Bridge'], lat: -34.93, lng: 138.6, postcode: 5000 },
  TAS: { towns: ['Hobart', 'Glenorchy', 'Launceston', 'Devonport', 'Burnie', 'Kingston'], lat: -42.88, lng: 147.33, postcode: 7000 },
  ACT: { towns: ['Belconnen', 'Tuggeranong', 'Woden', 'Gungahlin', 'Fyshwick'], lat: -35.28, lng: 149.13, postcode: 2600 },
  NT: { towns: ['Darwin', 'Palmerston', 'Casuarina', 'Alice Springs', 'Katherine'], lat: -12.46, lng: 130.84, postcode: 800 },
};

export const UK_TOWNS: Record<string, { towns: string[]; lat: number; lng: number; postcode: string }> = {
  LND: { towns: ['Croydon', 'Lewisham', 'Walthamstow', 'Wood Green', 'Ilford', 'Romford', 'Hammersmith', 'Peckham', 'Brixton', 'Camden', 'Harrow', 'Kingston upon Thames', 'Stratford', 'Enfield'], lat: 51.51, lng: -0.12, postcode: 'E1' },
  MAN: { towns: ['Manchester Arndale', 'Stockport', 'Bolton', 'Oldham', 'Wigan', 'Rochdale', 'Salford'], lat: 53.48, lng: -2.24, postcode: 'M1' },
  BIR: { towns: ['Birmingham Bullring', 'Wolverhampton', 'Coventry', 'Walsall', 'Dudley', 'Solihull'], lat: 52.49, lng: -1.89, postcode: 'B1' },
  LDS: { towns: ['Leeds', 'Bradford', 'Huddersfield', 'Wakefield', 'Halifax'], lat: 53.8, lng: -1.55, postcode: 'LS1' },
  LIV: { towns: ['Liverpool', 'Birkenhead', 'St Helens', 'Southport'], lat: 53.41, lng: -2.98, postcode: 'L1' },
  KEN: { towns: ['Maidstone', 'Canterbury', 'Chatham', 'Margate', 'Ashford'], lat: 51.27, lng: 0.52, postcode: 'ME14' },
  ESS: { towns: ['Chelmsford', 'Colchester', 'Basildon', 'Southend-on-Sea'], lat: 51.74, lng: 0.47, postcode: 'CM1' },
  HAM: { towns: ['Southampton', 'Portsmouth', 'Basingstoke', 'Winchester'], lat: 50.9, lng: -1.4, postcode: 'SO14' },
  BST: { towns: ['Bristol Broadmead', 'Bedminster', 'Kingswood'], lat: 51.45, lng: -2.59, postcode: 'BS1' },
  NET: { towns: ['Newcastle upon Tyne', 'Sunderland', 'Gateshead'], lat: 54.97, lng: -1.61, postcode: 'NE1' },
  GLG: { towns: ['Glasgow Argyle Street', 'Partick', 'Shawlands'], lat: 55.86, lng: -4.25, postcode: 'G1' },
  EDH: { towns: ['Edinburgh Leith', 'Edinburgh Princes Street'], lat: 55.95, lng: -3.19, postcode: 'EH1' },
  CRF: { towns: ['Cardiff Queen Street', 'Newport'], lat: 51.48, lng: -3.18, postcode: 'CF10' },
  BFS: { towns: ['Belfast', 'Lisburn'], lat: 54.6, lng: -5.93, postcode: 'BT1' },
};

export const STREET_NAMES = ['High Street', 'Main Road', 'Station Street', 'Church Street', 'Victoria Road', 'George Street', 'King Street', 'Market Street', 'Queen Street', 'Bridge Road', 'Park Avenue', 'Mall Walk'];

export const HELP_PAGES: { slug: string; name: string; description: string; body: string }[] = [
  { slug: 'warranty', name: 'Warranty', description: 'Every item comes with our 3-month warranty. Find out what is covered and how to make a claim.', body: '<p>All electrical items carry a three-month warranty from the date of purchase. Bring the item and your receipt to the store you bought it from.</p>' },
  { slug: 'returns', name: 'Returns and refunds', description: 'Changed your mind? Return items within 14 days for an exchange or refund.', body: '<p>Items may be returned within 14 days in the condition they were sold in, with proof of purchase.</p>' },
  { slug: 'click-and-collect', name: 'Click and collect', description: 'Buy online and pick up from your local store, usually within two hours.', body: '<p>Choose store pickup at checkout. We will e-mail you when your order is ready; bring photo identification.</p>' },
  { slug: 'postage-and-delivery', name: 'Postage and delivery', description: 'How we post items, what postage costs and how long delivery takes.', body: '<p>Postage is charged per store by weight. Bulky items such as televisions and bikes are available for pickup only.</p>' },
  { slug: 'buy-now-pay-later', name: 'Buy now, pay later', description: 'Spread the cost of your purchase over four fortnightly payments.', body: '<p>Pay in four interest-free instalments with our buy-now-pay-later partners.</p>' },
  { slug: 'selling-to-us', name: 'Selling to us', description: 'Bring in your phone, laptop, gold or tools and walk out with cash on the spot.', body: '<p>Our stores buy quality second-hand goods. Bring photo identification; we test every item before we buy.</p>' },
  { slug: 'authenticity-guarantee', name: 'Authenticity guarantee', description: 'Jewellery and watches with an authenticity certificate are checked by our specialists.', body: '<p>Items with an authenticity certificate have been inspected and verified by a qualified specialist.</p>' },
  { slug: 'phone-buying-guide', name: 'Buying a second-hand phone', description: 'What to check before buying a used phone: battery health, locks and network compatibility.', body: '<p>Every phone we sell is checked for activation locks, blacklisting and battery health.</p>' },
];
